#!/usr/bin/env node
// The floor under sitegen's cold builds: the least work any Node program does to turn the bench
// corpus into React-rendered pages with sitegen's libraries, on every core.
//
//   node bench/floor.js <corpus folder> <output folder> [threads: one per core] [--contract]
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
//
// `--contract` adds what DESIGN.md's output contract requires of every page besides the page
// itself, and nothing more: the code fences highlighted with sitegen's own highlighter
// (src/markdown/highlight.ts, shiki), the page's `_payload.json` (its HTML as JSON) and the
// document's content API file (its fields and body as JSON, in one folder). Still no navigation,
// listings, link checks, cache, build id or main thread: the floor of any build that keeps the
// contract with these libraries.
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HIGHLIGHTER, buildHighlighter } from './highlighter.js';

// What sitegen's executable sets too (bin/sitegen.js), so the floor runs the same code: React's
// production build (its development build renders these pages some 15% slower, and the workers
// copy this environment), and the same budget for V8's inlining.
process.env.NODE_ENV ??= 'production';
setFlagsFromString('--max-inlined-bytecode-size-cumulative=460');

if (isMainThread) {
  const args = process.argv.slice(2);
  const contract = args.includes('--contract');
  const [corpus, out, count] = args.filter((a) => a !== '--contract');
  if (!corpus || !out) {
    console.error('usage: node bench/floor.js <corpus folder> <output folder> [threads] [--contract]');
    process.exit(2);
  }
  if (contract) await buildHighlighter();
  const { default: fg } = await import('fast-glob');
  const files = await fg('**/*.md', { cwd: corpus });
  const threads = Math.min(Number(count) || availableParallelism(), Math.max(1, files.length));
  const exits = Array.from(
    { length: threads },
    (_, k) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { corpus, out, contract, files: files.filter((_, i) => i % threads === k) } });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`))));
      }),
  );
  await Promise.all(exits);
} else {
  const { corpus, out, files, contract } = workerData;
  const [{ default: matter }, { default: MarkdownIt }, { default: anchor }, React, { renderToString }] = await Promise.all([
    import('gray-matter'),
    import('markdown-it'),
    import('markdown-it-anchor'),
    import('react'),
    import('react-dom/server'),
  ]);
  const md = new MarkdownIt({ html: true }).use(anchor);
  const hl = contract ? await import(pathToFileURL(HIGHLIGHTER).href) : undefined;
  if (hl) {
    hl.deferLanguageLoading();
    await hl.initHighlighter([]);
    md.renderer.rules.fence = (tokens, idx) => hl.codeBlockHtml(tokens[idx].content, tokens[idx].info.trim().split(/\s+/)[0]);
    mkdirSync(join(out, 'api/_content/query'), { recursive: true });
  }
  const h = React.createElement;
  for (const file of files) {
    const { data, content } = matter(readFileSync(join(corpus, file), 'utf8'));
    if (hl) await hl.loadLanguages(hl.fenceLanguages(content));
    const html = md.render(content);
    const toc = [...html.matchAll(/<h([23]) id="([^"]+)"[^>]*>(.*?)<\/h\1>/g)].map((m) => h('li', { key: m[2] }, h('a', { href: `#${m[2]}` }, m[3])));
    const page = renderToString(
      h(
        'html',
        { lang: 'en' },
        h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, `${data.title} | Bench`)),
        h(
          'body',
          null,
          h('main', null, h('h1', null, data.title), h('nav', null, h('ul', null, toc)), h('article', { dangerouslySetInnerHTML: { __html: html } })),
        ),
      ),
    );
    const target = join(out, file.replace(/\.md$/, ''), 'index.html');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `<!doctype html>${page}`);
    if (!contract) continue;
    const path = `/${file.replace(/\.md$/, '')}`;
    writeFileSync(
      join(dirname(target), '_payload.json'),
      JSON.stringify({ path, title: data.title, head: { title: `${data.title} | Bench` }, layout: data.layout, html: page }),
    );
    const api = {
      _path: path,
      title: data.title,
      description: data.description,
      date: data.date,
      tags: data.tags,
      frontmatter: data,
      toc: toc.map((li) => li.key),
      body: { html },
    };
    writeFileSync(join(out, 'api/_content/query', `${createHash('sha256').update(path).digest('hex').slice(0, 16)}.json`), JSON.stringify(api));
  }
}
