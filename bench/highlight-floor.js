#!/usr/bin/env node
// What highlighting costs the bundled site cold, whatever the pipeline around it: every fenced
// code block under content/ highlighted with sitegen's own highlighter (src/markdown/highlight.ts)
// in fresh threads, the languages shared out between them by the size of their code.
//
//   node bench/highlight-floor.js [threads=1]
//
// Each thread reports when its highlighter was ready and how long the blocks took. Most of that
// time is V8, WebAssembly and the grammars warming up, which every thread pays again: two threads
// finish little sooner than one.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HIGHLIGHTER, buildHighlighter } from './highlighter.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();

if (isMainThread) {
  const { default: fg } = await import('fast-glob');
  await buildHighlighter();
  const blocks = [];
  for (const file of await fg('content/**/*.md', { cwd: ROOT, absolute: true })) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^```([\w#+.-]+)[^\n]*\n([\s\S]*?)^```/gm)) blocks.push([m[1], m[2]]);
  }
  const threads = Math.max(1, Number(process.argv[2] ?? 1));
  const sizes = new Map();
  for (const [lang, code] of blocks) sizes.set(lang, (sizes.get(lang) ?? 0) + code.length);
  const shares = Array.from({ length: threads }, () => ({ langs: new Set(), size: 0 }));
  for (const [lang, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    const share = shares.reduce((a, b) => (a.size <= b.size ? a : b));
    share.langs.add(lang);
    share.size += size;
  }
  const lines = blocks.reduce((n, [, code]) => n + code.split('\n').length, 0);
  const t0 = performance.now();
  const reports = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          new Worker(new URL(import.meta.url), { workerData: blocks.filter(([lang]) => share.langs.has(lang)) }).on('message', resolve).on('error', reject);
        }),
    ),
  );
  console.log(
    `${blocks.length} blocks, ${lines} lines, ${sizes.size} languages, ${threads} thread(s): ${(performance.now() - t0).toFixed(0)} ms from starting the threads`,
  );
  for (const r of reports) console.log(`  ${r.blocks} blocks: highlighter ready after ${r.ready} ms, blocks highlighted in ${r.highlighted} ms`);
} else {
  const highlighter = await import(pathToFileURL(HIGHLIGHTER).href);
  highlighter.deferLanguageLoading();
  await highlighter.initHighlighter([]);
  const ready = performance.now();
  await highlighter.loadLanguages([...new Set(workerData.map(([lang]) => lang))]);
  for (const [lang, code] of workerData) highlighter.codeBlockHtml(code, lang);
  parentPort.postMessage({ blocks: workerData.length, ready: (ready - started).toFixed(0), highlighted: (performance.now() - ready).toFixed(0) });
}
