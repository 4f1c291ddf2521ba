#!/usr/bin/env node
// The floor under sitegen's cold builds: the least work any Node program does to turn the bench
// corpus into React-rendered, highlighted pages with sitegen's libraries, on every core.
//
//   node bench/floor.js <corpus folder> <output folder> [threads: one per core]
//
// One worker thread per core, each given every n-th file with nothing to coordinate: read the
// file, split off its front matter (gray-matter), render the markdown (markdown-it with
// markdown-it-anchor), put it in a minimal layout with React's renderToString (title, contents,
// article: what the Hugo and Eleventy layouts of the bench show), write one file. Nothing else
// sitegen does or promises: no highlighting at all (the other tools highlight the fences), no
// payload or content API file, no navigation, listings, link checks, cache or build id, no main
// thread with work of its own. bench/run.js times it beside the other tools. Every step here is
// one sitegen takes too, so no build of sitegen's can be faster than this on the same machine:
// where this alone is slower than a goal allows, the goal is out of reach of these libraries in
// Node on that machine.
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

if (isMainThread) {
  const [corpus, out, count] = process.argv.slice(2);
  if (!corpus || !out) {
    console.error('usage: node bench/floor.js <corpus folder> <output folder> [threads]');
    process.exit(2);
  }
  const { default: fg } = await import('fast-glob');
  const files = await fg('**/*.md', { cwd: corpus });
  const threads = Math.min(Number(count) || availableParallelism(), Math.max(1, files.length));
  const exits = Array.from({ length: threads }, (_, k) => new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { corpus, out, files: files.filter((_, i) => i % threads === k) } });
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`))));
  }));
  await Promise.all(exits);
} else {
  const { corpus, out, files } = workerData;
  const [{ default: matter }, { default: MarkdownIt }, { default: anchor }, React, { renderToString }] = await Promise.all([
    import('gray-matter'), import('markdown-it'), import('markdown-it-anchor'), import('react'), import('react-dom/server'),
  ]);
  const md = new MarkdownIt({ html: true }).use(anchor);
  const h = React.createElement;
  for (const file of files) {
    const { data, content } = matter(readFileSync(join(corpus, file), 'utf8'));
    const html = md.render(content);
    const toc = [...html.matchAll(/<h([23]) id="([^"]+)"[^>]*>(.*?)<\/h\1>/g)].map((m) => h('li', { key: m[2] }, h('a', { href: `#${m[2]}` }, m[3])));
    const page = renderToString(h('html', { lang: 'en' }, h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, `${data.title} | Bench`)),
      h('body', null, h('main', null, h('h1', null, data.title), h('nav', null, h('ul', null, toc)), h('article', { dangerouslySetInnerHTML: { __html: html } })))));
    const target = join(out, file.replace(/\.md$/, ''), 'index.html');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `<!doctype html>${page}`);
  }
}
