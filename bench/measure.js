// What bench/goals.js and bench/languages.js share: timing a command under /usr/bin/time, Hugo's cold
// build, waiting for sitegen's background removals, comparing outputs file by file, medians.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE = join(ROOT, 'bench/.cache');

/** `--name value` from the command line, else `fallback`. */
export const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const fmt = (ms) => (ms / 1000).toFixed(2);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Wall time and peak RSS (MB, the largest process) of one command, run under /usr/bin/time;
 * `stdout: true` keeps what it printed (else it is ignored).
 */
export function timed(cmd, args, cwd, { stdout = false } = {}) {
  execFileSync('sync'); // what was deleted before is not charged to this run (see run.js, QUIET_MS)
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], { cwd, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    let out = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout?.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${out.slice(-2000)}${stderr.slice(-2000)}`));
      resolve({ ms, rssMb: Number(stderr.trim().split('\n').pop()) / 1024, stdout: out });
    });
  });
}

/** Until sitegen's detached removal of a replaced output is done: no run is charged for the one before. */
export async function settled(root) {
  const gens = join(root, '.dist.sitegen');
  const busy = () => {
    if (!existsSync(gens)) return false;
    const current = existsSync(join(root, 'dist')) ? realpathSync(join(root, 'dist')) : '';
    return readdirSync(gens).some((n) => /^(out|old|tmp|link)-/.test(n) && join(gens, n) !== current);
  };
  for (let i = 0; i < 600 && busy(); i++) await sleep(100);
}

/** Hugo cold, as run.js runs it: its resources removed, into a folder that never existed. */
export function hugo(corpus, out) {
  rmSync(join(ROOT, 'bench/hugo/resources'), { recursive: true, force: true });
  const args = ['--source', join(ROOT, 'bench/hugo'), '--contentDir', corpus, '--destination', out, '--quiet', '--buildFuture', '--noTimes'];
  return timed('/usr/bin/hugo', args, dirname(out));
}

/** Every file of the output (the `dist` link dereferenced) and a hash of its bytes, `_sitegen/builds/` left out. */
export function snapshot(root) {
  const top = realpathSync(join(root, 'dist'));
  const files = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      const rel = relative(top, p);
      if (rel === '_sitegen/builds') continue;
      if (entry.isDirectory()) walk(p);
      else if (entry.isSymbolicLink()) files.set(rel, `link:${readlinkSync(p)}`);
      else files.set(rel, createHash('sha1').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(top);
  return files;
}

export function diff(before, after) {
  const added = [...after.keys()].filter((f) => !before.has(f));
  const removed = [...before.keys()].filter((f) => !after.has(f));
  const changed = [...after.keys()].filter((f) => before.has(f) && before.get(f) !== after.get(f));
  return { count: added.length + removed.length + changed.length, added, removed, changed };
}

/** Remove a work folder, then wait out ext4's window over freed inodes unless nothing follows (see run.js, QUIET_MS). */
export async function clear(dir, wait) {
  if (!existsSync(dir)) return;
  rmSync(dir, { recursive: true, force: true });
  execFileSync('sync');
  if (wait) await sleep(61_000);
}

export function countPages(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((k, e) => k + (e.isDirectory() ? countPages(join(dir, e.name)) : e.name === 'index.html' ? 1 : 0), 0);
}

/** Fails early when a tool the bench times is missing. */
export function checkTools() {
  for (const tool of ['/usr/bin/time', '/usr/bin/hugo'])
    if (!existsSync(tool)) throw new Error(`${tool} is missing: run bench/run.js first (it installs it) or apt-get install ${tool.split('/').pop()}`);
}

/** The machine and commit a report names. */
export function machine() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT }).toString().trim();
  return {
    date: new Date().toISOString().slice(0, 10),
    cpus: cpus().length,
    memGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    hugo: execFileSync('/usr/bin/hugo', ['version']).toString().split(' ').slice(0, 2).join(' '),
    commit: `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src') ? ' with uncommitted changes to src/' : ''}`,
  };
}
