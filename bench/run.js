#!/usr/bin/env node
// npm run bench: build generated corpora with sitegen and report time and peak memory.
// Usage: node bench/run.js [sizes=1000,4000] [runs=3]
// Each tool runs from a scratch folder without site/, so only the bundled templates are used.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'bench/.cache');
const sizes = (process.argv[2] ?? '1000,4000').split(',').map(Number);
const runs = Number(process.argv[3] ?? 3);

/** Run a command; resolve with wall time and peak RSS of the process tree (from /usr/bin/time). */
function timed(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${stderr}`));
      const kb = Number(stderr.trim().split('\n').pop());
      resolve({ ms, rssMb: kb / 1024 });
    });
  });
}

function countHtml(dir) {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) n += countHtml(p);
    else if (entry === 'index.html') n++;
  }
  return n;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = [];
for (const size of sizes) {
  const corpus = join(CACHE, `corpus-${size}`);
  if (!existsSync(corpus)) generateCorpus(corpus, size);
  const work = join(CACHE, `work-${size}`);
  mkdirSync(work, { recursive: true });
  const out = join(work, 'dist');
  const samples = [];
  for (let i = 0; i <= runs; i++) {
    rmSync(join(work, '.sitegen-cache'), { recursive: true, force: true });
    const sample = await timed(process.execPath, [join(ROOT, 'bin/sitegen.js'), 'build', '--quiet', '--content', corpus, '--out', out], work);
    const pages = countHtml(out);
    if (pages < size) throw new Error(`sitegen wrote ${pages} pages for ${size} files`);
    if (i > 0) samples.push(sample); // the first run is a warm-up
  }
  const row = {
    tool: 'sitegen', size,
    medianMs: Math.round(median(samples.map((s) => s.ms))),
    minMs: Math.round(Math.min(...samples.map((s) => s.ms))),
    maxMs: Math.round(Math.max(...samples.map((s) => s.ms))),
    peakRssMb: Math.round(Math.max(...samples.map((s) => s.rssMb))),
  };
  results.push(row);
  console.log(`sitegen ${size} files: median ${row.medianMs} ms (min ${row.minMs}, max ${row.maxMs}), peak RSS ${row.peakRssMb} MB`);
}
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify({ node: process.version, results }, null, 2));
