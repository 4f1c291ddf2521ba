#!/usr/bin/env node
// Issue 45's listings goal: the theme's tag, author and paginated blog pages add no more than 10% to the cold
// build of a 10,000-post corpus with about 200 tags.
//
//   node bench/listings.js [--posts 10000] [--pairs 5]     (part of npm run bench)
//   node bench/listings.js --quick                         (1,000 posts, 2 pairs, nothing written to docs/)
//   node bench/listings.js --body long                     (posts of about 4.5 KB, as in bench/corpus.js)
//
// One corpus of dated posts (three tags each out of 200, one of six authors), two projects that differ only in
// their config's `blog`: the theme's listings on (the defaults) or off (`blog: { index: false, tags: false,
// authors: false }`). Each pair builds both cold, each into a project that never existed, the order alternating
// between pairs; the ratio is on / off, wall and CPU (user + system, from /usr/bin/time). The build with listings is
// checked for the pages the goal names. Results: docs/bench/listings.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from './corpus.js';
import { CACHE, ROOT, clear, countPages, flag, machine, median, settled } from './measure.js';

const quick = process.argv.includes('--quick');
const posts = Number(flag('posts', quick ? '1000' : '10000'));
const pairs = Number(flag('pairs', quick ? '2' : '5'));
/** `short`: four two-line sections (about 160 words, the worst case for the listings' share); `long`: the shape of
 * bench/corpus.js's documents (about 650 words: sections, a list, a code block, a table). */
const bodyKind = flag('body', 'short');
if (!['short', 'long'].includes(bodyKind)) throw new Error(`--body is short or long, not ${bodyKind}`);

const WORDS = 'ferry tunnel hook relay queue retry signature payload header secret forward replay inspect bin cron'.split(' ');
const TAGS = Array.from({ length: 200 }, (_, i) => `${WORDS[i % WORDS.length]}-${WORDS[(i * 7 + 3) % WORDS.length]}-${i}`);
const AUTHORS = ['mara', 'tomas', 'ines', 'kofi', 'lena', 'yuki'];

/** `n` posts in blog/<year>/, three tags each (a skewed pick: some tags are used far more than others). */
function generatePosts(dir, n) {
  const rand = mulberry32(45);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const sentence = () => Array.from({ length: 10 + Math.floor(rand() * 8) }, () => pick(WORDS)).join(' ');
  for (let i = 0; i < n; i++) {
    const year = 2016 + (i % 10);
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    const tags = new Set(Array.from({ length: 3 }, () => TAGS[Math.floor(rand() ** 2 * TAGS.length)]));
    const body =
      bodyKind === 'long'
        ? longBody(rand, pick, sentence)
        : Array.from({ length: 4 }, (_, s) => `## Part ${s + 1}\n\n${sentence()}. ${sentence()}. ${sentence()}.\n`).join('\n');
    const text = `---\ntitle: "Post ${i}: ${sentence().slice(0, 40)}"\ndescription: "${sentence()}."\ndate: ${year}-${month}-${day}T09:00:00Z\nauthor: ${pick(AUTHORS)}\ntags: [${[...tags].join(', ')}]\n---\n\n${body}`;
    mkdirSync(join(dir, 'blog', String(year)), { recursive: true });
    writeFileSync(join(dir, 'blog', String(year), `${year}-${month}-${day}-post-${i}.md`), text);
  }
}

/** A post body shaped like bench/corpus.js's documents: six sections of paragraphs with inline code, bold and a link,
 * a list, a bash code block and a table. */
function longBody(rand, pick, sentence) {
  const paragraph = () => {
    const parts = Array.from({ length: 4 + Math.floor(rand() * 3) }, () => `${sentence()}.`);
    parts[1] = parts[1].replace(/(\w+)\./, '`$1`.');
    parts[2] = parts[2].replace(/ (\w+) /, ' **$1** ');
    parts[3] = parts[3].replace(/ (\w+) (\w+)/, ' [$1 $2](/blog/2016/01/01/post-0) ');
    return parts.join(' ');
  };
  const sections = Array.from({ length: 3 }, (_, s) => [`## Part ${s + 1}`, '', paragraph(), '', `### Detail ${s + 1}`, '', paragraph(), ''].join('\n'));
  return [
    paragraph(),
    '',
    ...sections,
    ...Array.from({ length: 3 }, () => `- ${sentence()}.`),
    '',
    '```bash',
    `ferry forward --channel ${pick(WORDS)} http://localhost:3000/hooks`,
    `# ${sentence()}.`,
    '```',
    '',
    '| field | value | note |',
    '|---|---|---|',
    ...Array.from({ length: 4 }, () => `| ${pick(WORDS)} | ${pick(WORDS)} | ${sentence()} |`),
    '',
    paragraph(),
    '',
  ].join('\n');
}

/** A project that never existed: its config (listings on or off) and the authors; the content is passed as `--content`. */
function project(root, listings) {
  mkdirSync(join(root, 'site/data'), { recursive: true });
  const blog = listings ? '' : '  blog: { index: false, tags: false, authors: false },\n';
  writeFileSync(
    join(root, 'site/config.ts'),
    `import { defineConfig } from 'react-sitegen';\n\nexport default defineConfig({\n  url: 'https://blog.example.com',\n  name: 'Ferry blog',\n${blog}});\n`,
  );
  const authors = Object.fromEntries(
    AUTHORS.map((id) => [id, { name: id[0].toUpperCase() + id.slice(1), role: 'Engineer', bio: `${id} writes about webhooks.` }]),
  );
  writeFileSync(join(root, 'site/data/authors.json'), JSON.stringify(authors));
}

/** One cold build under /usr/bin/time: wall ms, CPU ms (user + system) and peak RSS. */
function build(root, content) {
  execFileSync('sync');
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const args = ['-f', '%U %S %M', process.execPath, join(ROOT, 'bin/sitegen.js'), 'build', '--root', root, '--content', content];
    const child = spawn('/usr/bin/time', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) return reject(new Error(`sitegen build exited ${code}\n${out.slice(-2000)}`));
      const [user, sys, rss] = out.trim().split('\n').pop().split(' ').map(Number);
      resolve({ ms, cpu: (user + sys) * 1000, user: user * 1000, sys: sys * 1000, rssMb: rss / 1024 });
    });
  });
}

const corpus = join(CACHE, `listings-corpus-${bodyKind === 'long' ? 'long-' : ''}${posts}`);
const stamp = `${corpus}.stamp`;
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== String(posts)) {
  await clear(corpus, false);
  generatePosts(corpus, posts);
  writeFileSync(stamp, String(posts));
}
const work = join(CACHE, 'listings-work');
await clear(work, true);

const rows = [];
let pagesOn = 0;
let pagesOff = 0;
for (let i = 0; i < pairs; i++) {
  const order = i % 2 ? ['off', 'on'] : ['on', 'off'];
  const pair = {};
  for (const side of order) {
    const root = join(work, `${side}-${i}`);
    project(root, side === 'on');
    pair[side] = await build(root, corpus);
    await settled(root);
    if (i === 0) {
      const pages = countPages(join(root, 'dist'));
      if (side === 'on') {
        pagesOn = pages;
        for (const path of ['blog/page/2', `blog/tags/${TAGS[0]}`, `blog/tags/${TAGS[0]}/page/2`, 'blog/tags', `blog/authors/${AUTHORS[0]}`, 'blog/authors'])
          if (!existsSync(join(root, 'dist', path, 'index.html'))) throw new Error(`the build with listings has no /${path}`);
      } else pagesOff = pages;
    }
  }
  // Each pair's projects removed before the next: the disk holds one pair at a time.
  await clear(work, true);
  rows.push(pair);
  console.log(
    `pair ${i + 1}: on ${(pair.on.ms / 1000).toFixed(2)} s, off ${(pair.off.ms / 1000).toFixed(2)} s: wall ${(pair.on.ms / pair.off.ms).toFixed(3)}, CPU ${(pair.on.cpu / pair.off.cpu).toFixed(3)}, user ${(pair.on.user / pair.off.user).toFixed(3)}, system ${(pair.on.sys / pair.off.sys).toFixed(3)}`,
  );
}

const wall = median(rows.map((r) => r.on.ms / r.off.ms));
const cpu = median(rows.map((r) => r.on.cpu / r.off.cpu));
const user = median(rows.map((r) => r.on.user / r.off.user));
const system = median(rows.map((r) => r.on.sys / r.off.sys));
const s = (ms) => (ms / 1000).toFixed(2);
const m = machine();
const report = `# Blog listings at ${posts.toLocaleString('en-US')} posts (issue 45)

\`node bench/listings.js --posts ${posts} --pairs ${pairs}${bodyKind === 'long' ? ' --body long' : ''}\`, ${m.date}, commit ${m.commit}: ${m.cpus} cores, ${m.memGb} GiB, Node ${m.node}.

${posts.toLocaleString('en-US')} dated posts, three tags each out of 200, six authors; ${bodyKind === 'long' ? "each post about 650 words, shaped like the goals corpus's documents (sections, a list, a bash code block, a table): [listings.md](listings.md) has the same with posts of 160 words" : "each post four short sections, about 160 words (the worst case for the listings' share: [listings-long.md](listings-long.md) has posts of about 650 words)"}. The same corpus built cold by two projects
that differ only in \`blog\`: the theme's listings on (the defaults: a paginated index of 10 a page, a page per tag and
per author of 20 a page, the lists of tags and authors) or off. Pairs alternate their order; each build goes into a
project that never existed, with a minute for the disk to settle between pairs.

| | pages | cold build (median) | CPU (median) | peak RSS (median) |
|---|---|---|---|---|
| listings on | ${pagesOn.toLocaleString('en-US')} | ${s(median(rows.map((r) => r.on.ms)))} s | ${s(median(rows.map((r) => r.on.cpu)))} s | ${Math.round(median(rows.map((r) => r.on.rssMb)))} MB |
| listings off | ${pagesOff.toLocaleString('en-US')} | ${s(median(rows.map((r) => r.off.ms)))} s | ${s(median(rows.map((r) => r.off.cpu)))} s | ${Math.round(median(rows.map((r) => r.off.rssMb)))} MB |

On / off, the median of the pairs' ratios: **wall ${wall.toFixed(3)}**, CPU ${cpu.toFixed(3)} (user ${user.toFixed(3)}, system ${system.toFixed(3)}) (goal: ≤ 1.10, ${wall <= 1.1 ? 'met' : 'not met'}).
Each pair, wall: ${rows.map((r) => (r.on.ms / r.off.ms).toFixed(3)).join(', ')}.
`;
console.log(`\n${report}`);
if (!quick) writeFileSync(join(ROOT, `docs/bench/listings${bodyKind === 'long' ? '-long' : ''}.md`), report);
