#!/usr/bin/env node
// Edit-to-reload latency of `sitegen dev`: from a file write to the reload event a page receives.
// Usage: node bench/dev-latency.js [edits=40]   (bundled site, then a 10,000-document folder)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { startDevServer } = await import(join(ROOT, 'lib/dev.js'));
const edits = Number(process.argv[2] ?? 40);

async function listen(url, path) {
  const controller = new AbortController();
  const res = await fetch(`${url}/_sitegen/dev/events?path=${encodeURIComponent(path)}`, { signal: controller.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let waiting;
  let buffer = '';
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        if (buffer.includes('event: reload')) {
          buffer = '';
          waiting?.(performance.now());
        }
      }
    } catch {}
  })();
  return { next: () => new Promise((r) => (waiting = r)), close: () => controller.abort() };
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** Start-up with no document cache (the first `sitegen dev` in a folder), the server closed again. */
async function coldStart(root, warmUp = true) {
  // One start first, untimed, like the build bench's warm-up round: it reads the documents into
  // the page cache, from which a build bench run just before may have pushed them.
  if (warmUp) await coldStart(root, false);
  rmSync(join(root, '.sitegen-cache'), { recursive: true, force: true });
  // The kernel finishes with what was deleted (here and by a build bench before) first: see bench/run.js timed.
  execFileSync('sync');
  const t0 = performance.now();
  const dev = await startDevServer({ root, port: 0 });
  const ms = performance.now() - t0;
  await dev.close();
  return ms;
}

async function measure(label, root, file, path) {
  const cold = await coldStart(root);
  // Then as a writer usually starts it: with the document cache the last run left.
  const t0 = performance.now();
  const dev = await startDevServer({ root, port: 0 });
  const startup = performance.now() - t0;
  await fetch(`${dev.url}${path}`).then((r) => r.text());
  const events = await listen(dev.url, path);
  // Edits start once the content folder's watcher has finished its first scan (it starts after
  // the documents are loaded; an edit before then is taken in when the scan is done).
  await new Promise((r) => setTimeout(r, 200));
  await dev.contentWatched;
  const original = readFileSync(file, 'utf8');
  const times = [];
  for (let i = 0; i < edits; i++) {
    const got = events.next();
    const start = performance.now();
    writeFileSync(file, `${original}\n\nEdit number ${i}.\n`);
    const at = await Promise.race([got, new Promise((r) => setTimeout(() => r(undefined), 3000))]);
    if (at !== undefined) times.push(at - start);
    await fetch(`${dev.url}${path}`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 60));
  }
  writeFileSync(file, original);
  events.close();
  await dev.close();
  const result = {
    label,
    documents: dev.session.documents().length,
    coldStartupMs: Math.round(cold),
    startupMs: Math.round(startup),
    edits: times.length,
    p50: +pct(times, 50).toFixed(1),
    p95: +pct(times, 95).toFixed(1),
    max: +Math.max(...times).toFixed(1),
  };
  console.log(
    `${label}: start-up ${result.coldStartupMs} ms with no cache, ${result.startupMs} ms with one, for ${result.documents} documents; edit → reload p50 ${result.p50} ms, p95 ${result.p95} ms (max ${result.max}, ${times.length}/${edits} edits)`,
  );
  return result;
}

const results = [];
results.push(await measure('bundled site', ROOT, join(ROOT, 'content/v1/guide/tunnels.md'), '/v1/guide/tunnels'));
const big = join(ROOT, 'bench/.cache/dev-10000');
if (!existsSync(join(big, 'content'))) {
  mkdirSync(big, { recursive: true });
  generateCorpus(join(big, 'content'), 10_000);
}
const target = join(big, 'content/v1/tutorials/set-0/tutorial-1.md');
results.push(await measure('10,000 documents', big, target, '/v1/tutorials/set-0/tutorial-1'));
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/dev-latency.json'), JSON.stringify({ node: process.version, edits, results }, null, 2));
