#!/usr/bin/env node
// The git pass of `lastUpdated: 'git'` (src/content/git-dates.ts) on bench/corpus.js's corpus, committed
// into a temporary repository in 50 commits (40 adding files, 10 editing 200 files and renaming 20 each).
//
//   node bench/git-dates.js [--files 10000] [--runs 5] [--keep]
//
// Times, each the median of `runs`: the pass as a cold build runs it (git rev-parse, one git log, the
// parse, the cache written), the same with HEAD unchanged (git rev-parse and the cache read), and the
// `git log` process alone. Goal (issue 45): the pass costs at most 0.5 s at 10,000 files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateCorpus } from './corpus.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const files = Number(flag('files', '10000'));
const runs = Number(flag('runs', '5'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The module as the build runs it, bundled for plain Node.
const { build } = await import('esbuild');
mkdirSync(join(ROOT, 'bench/.cache'), { recursive: true });
const bundle = join(ROOT, 'bench/.cache/git-dates.mjs');
await build({
  entryPoints: [join(ROOT, 'src/content/git-dates.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
});
const { readGitDates } = await import(pathToFileURL(bundle).href);

const repo = mkdtempSync(join(tmpdir(), 'sitegen-git-bench-'));
try {
  const content = join(repo, 'content');
  const made = generateCorpus(content, files).sort();
  const git = (args, date) =>
    execFileSync('git', args, {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 30,
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@e',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@e',
      },
    });
  git(['init', '-q', '-b', 'main']);
  // The corpus is written whole; the commits add it a slice at a time (the rest moved aside meanwhile).
  const aside = join(repo, 'aside');
  renameSync(content, aside);
  const started = performance.now();
  const adds = 40;
  const per = Math.ceil(made.length / adds);
  for (let c = 0; c < adds; c++) {
    for (const rel of made.slice(c * per, (c + 1) * per)) {
      mkdirSync(dirname(join(content, rel)), { recursive: true });
      renameSync(join(aside, rel), join(content, rel));
    }
    git(['add', '-A', 'content']);
    git(['commit', '-qm', `add ${c}`], `2024-01-${String(1 + (c % 28)).padStart(2, '0')}T${String(c % 24).padStart(2, '0')}:00:00Z`);
  }
  for (let c = 0; c < 10; c++) {
    for (let k = 0; k < 200; k++) appendFileSync(join(content, made[(c * 997 + k * 31) % made.length]), `\nEdit ${c}.\n`);
    for (let k = 0; k < 20; k++) {
      const rel = made[(c * 211 + k * 53) % made.length];
      const to = rel.replace(/\.md$/, `-moved-${c}.md`);
      try {
        renameSync(join(content, rel), join(content, to));
        made[made.indexOf(rel)] = to;
      } catch {
        // renamed already in this commit
      }
    }
    git(['add', '-A', 'content']);
    git(['commit', '-qm', `edit ${c}`], `2024-02-${String(1 + c).padStart(2, '0')}T12:00:00Z`);
  }
  rmSync(aside, { recursive: true, force: true });
  git(['gc', '-q']); // packed, as a clone is
  const setup = performance.now() - started;
  const cache = join(repo, 'cache');
  const cold = [];
  const coldCpu = [];
  const warm = [];
  const log = [];
  let dated = 0;
  for (let r = 0; r < runs; r++) {
    rmSync(cache, { recursive: true, force: true });
    let t = performance.now();
    const cpu = process.cpuUsage();
    const result = await readGitDates(content, cache);
    cold.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    coldCpu.push((used.user + used.system) / 1000);
    dated = Object.keys(result.dates).length;
    t = performance.now();
    await readGitDates(content, cache);
    warm.push(performance.now() - t);
    t = performance.now();
    execFileSync('git', ['log', '-z', '--no-merges', '-M100%', '--name-status', '--format=%x1e%ct%x1f%P', 'HEAD', '--', 'content/'], {
      cwd: repo,
      maxBuffer: 1 << 30,
    });
    log.push(performance.now() - t);
  }
  const count = readdirSync(content, { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
  const ms = (xs) => `${median(xs).toFixed(0)} ms (best ${Math.min(...xs).toFixed(0)})`;
  console.log(
    `git dates: ${count} files in 50 commits (made in ${(setup / 1000).toFixed(1)} s), ${dated} dated; median of ${runs} (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores):`,
  );
  console.log(`  pass, HEAD moved (rev-parse + git log + parse + cache written): ${ms(cold)}, goal ≤ 500 ms; this thread's CPU ${ms(coldCpu)}`);
  console.log(`  pass, HEAD unchanged (rev-parse + cache read):                 ${ms(warm)}`);
  console.log(`  git log alone:                                                 ${ms(log)}`);
  writeFileSync(join(ROOT, 'bench/.cache/git-dates.json'), JSON.stringify({ files: count, cold, coldCpu, warm, log }));
} finally {
  if (process.argv.includes('--keep')) console.log(`  repository kept: ${repo}`);
  else rmSync(repo, { recursive: true, force: true });
}
