// Deterministic benchmark corpus: N docs-and-blog markdown files of about 4–6 KB each.
// Seeded (mulberry32), no dependencies, so every run and machine gets the same bytes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'webhook channel endpoint destination agent tunnel schedule delivery retry replay function rule ' +
  'request response header payload signature region domain certificate queue backoff cluster service config ' +
  'token secret stream event batch cursor timeout latency throughput network proxy gateway route host port ' +
  'deploy build release version client server worker thread cache index record field value'
).split(' ');
const CATEGORIES = ['tunnels', 'transform', 'local-dev', 'iot', 'functions', 'data-warehouse', 'custom-domains', 'auth'];
const LANGS = ['bash', 'yaml', 'json', 'js', 'go', 'python'];

export function generateCorpus(dir, count, seed = 42) {
  const rand = mulberry32(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const s = words(8 + Math.floor(rand() * 10));
    return s[0].toUpperCase() + s.slice(1) + '.';
  };
  const paragraph = () => {
    const parts = Array.from({ length: 4 + Math.floor(rand() * 3) }, sentence);
    parts[1] = parts[1].replace(/(\w+)\./, '`$1`.');
    parts[2] = parts[2].replace(/ (\w+) /, ' **$1** ');
    parts[3] = parts[3].replace(/ (\w+) (\w+)/, ' [$1 $2](/v1/tutorials/set-0/tutorial-1) ');
    return parts.join(' ');
  };
  rmSync(dir, { recursive: true, force: true });
  const files = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    let folder;
    let name;
    let layout;
    const year = 2019 + (i % 8);
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    if (kind === 0) {
      folder = join('blog', String(year));
      name = `${year}-${month}-${day}-post-${i}.md`;
      layout = 'post';
    } else if (kind === 1) {
      folder = join('v1', 'tutorials', `set-${Math.floor(i / 60)}`);
      name = `tutorial-${i}.md`;
      layout = 'doc';
    } else {
      folder = join('v1', 'examples', CATEGORIES[i % CATEGORIES.length], `group-${Math.floor(i / 90)}`);
      name = `example-${i}.md`;
      layout = 'doc';
    }
    const title = `${words(3)} ${i}`.replace(/^\w/, (c) => c.toUpperCase());
    const tags = Array.from({ length: 3 }, () => pick(WORDS));
    const lang = pick(LANGS);
    const sections = [];
    for (let s = 0; s < 3; s++) {
      sections.push(`## ${words(3)} ${s}`, '', paragraph(), '', `### ${words(2)} ${s}`, '', paragraph(), '');
    }
    const body = [
      paragraph(),
      '',
      ...sections,
      `- ${sentence()}`,
      `- ${sentence()}`,
      `- ${sentence()}`,
      '',
      '```' + lang,
      `ferry forward --channel ${pick(WORDS)} http://localhost:3000/hooks`,
      `# ${sentence()}`,
      '```',
      '',
      '| field | value | note |',
      '|---|---|---|',
      ...Array.from({ length: 4 }, () => `| ${pick(WORDS)} | ${pick(WORDS)} | ${words(4)} |`),
      '',
      paragraph(),
      '',
    ].join('\n');
    const text = `---\ntitle: "${title}"\ndescription: "${sentence()}"\ndate: ${year}-${month}-${day}T09:00:00Z\ntags: [${tags.join(', ')}]\nlayout: ${layout}\n---\n\n${body}`;
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, name), text);
    files.push(join(folder, name));
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'bench/.cache/corpus', count = '1000', seed = '42'] = process.argv.slice(2);
  const files = generateCorpus(dir, Number(count), Number(seed));
  console.log(`wrote ${files.length} files to ${dir}`);
}
