#!/usr/bin/env node
// Edit latency of `sitegen dev`: from a file write to the update event a page receives (bundled site, then a
// 10,000-document folder), and from a file write to the change painted in Chromium on the bundled site: a body edit
// swapped in place, the same edit through a full reload (as before hot updates), and a stylesheet edit swapped in place.
// Usage: node bench/dev-latency.js [edits=40] [painted]   (`painted`: the Chromium figures only)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { startDevServer } = await import(join(ROOT, 'lib/dev.js'));
const edits = Number(process.argv[2] ?? 40);
const paintedOnly = process.argv[3] === 'painted';

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
        if (/event: (reload|page|css)\n/.test(buffer)) {
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

const summary = (xs) => ({ min: +Math.min(...xs).toFixed(1), p50: +pct(xs, 50).toFixed(1), max: +Math.max(...xs).toFixed(1), n: xs.length });

/**
 * Save to pixels in Chromium: each frame the page checks whether the edit shows (a text in the page, or a custom
 * property the stylesheet sets); the frame it first shows in is timed just after it is painted (a message posted from
 * the frame's callback runs after the paint). Wall-clock milliseconds on both sides: one machine, one clock.
 */
const WATCH = () => {
  const check = () => {
    const want = sessionStorage.getItem('bench:want');
    if (want && !sessionStorage.getItem('bench:at')) {
      const [kind, value] = JSON.parse(want);
      const root = document.getElementById('__sitegen');
      const shows =
        kind === 'text' ? root?.textContent.includes(value) : getComputedStyle(document.documentElement).getPropertyValue('--bench-edit').trim() === value;
      if (shows) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => sessionStorage.setItem('bench:at', String(performance.timeOrigin + performance.now()));
        channel.port2.postMessage(0);
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

async function paintLatency(root, file, path, css) {
  const { chromium } = await import('playwright-core');
  const dev = await startDevServer({ root, port: 0 });
  await dev.contentWatched;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.addInitScript(WATCH);
  await page.goto(`${dev.url}${path}`);
  await page.waitForFunction(() => window.sitegen?.dev);
  await page.waitForTimeout(300);
  const original = readFileSync(file, 'utf8');
  const originalCss = readFileSync(css, 'utf8');
  const scenarios = {
    'content swap': { file, text: (i) => `${original}\n\nSwapped edit ${i}.\n`, want: (i) => ['text', `Swapped edit ${i}.`] },
    // The same edit, with the page's payload swap taken away: the client falls back to a full reload.
    'content via reload': { file, text: (i) => `${original}\n\nReloaded edit ${i}.\n`, want: (i) => ['text', `Reloaded edit ${i}.`], reload: true },
    'css swap': { file: css, text: (i) => `${originalCss}:root { --bench-edit: e${i}; }\n`, want: (i) => ['css', `e${i}`] },
  };
  const results = {};
  try {
    for (const [name, scenario] of Object.entries(scenarios)) {
      const times = [];
      const server = [];
      for (let i = 0; i < edits; i++) {
        // (A page still loading after the edit before destroys the context an evaluation runs in: wait and try again.)
        for (let attempt = 0; ; attempt++) {
          try {
            await page.waitForLoadState('load');
            if (scenario.reload) await page.evaluate(() => delete window.sitegen.dev);
            await page.evaluate(
              (want) => {
                sessionStorage.removeItem('bench:at');
                sessionStorage.setItem('bench:want', want);
              },
              JSON.stringify(scenario.want(i)),
            );
            break;
          } catch (error) {
            if (attempt === 3) throw error;
            await page.waitForTimeout(200);
          }
        }
        const handled = dev.nextUpdate().then((update) => server.push(update.ms));
        const start = performance.timeOrigin + performance.now();
        writeFileSync(scenario.file, scenario.text(i));
        const at = await page
          .waitForFunction(() => sessionStorage.getItem('bench:at'), undefined, { timeout: 5000, polling: 20 })
          .then((handle) => handle.jsonValue())
          .catch(() => undefined);
        if (at !== undefined) times.push(Number(at) - start);
        await handled;
        await page.waitForLoadState('load');
        await page.waitForFunction(() => window.sitegen?.dev);
        await page.waitForTimeout(150);
      }
      results[name] = { ...summary(times), serverP50: +pct(server, 50).toFixed(1) };
      console.log(
        `bundled site in Chromium, ${name}: save → painted min ${results[name].min} ms, p50 ${results[name].p50} ms, max ${results[name].max} ms (${times.length}/${edits} edits; the server's part p50 ${results[name].serverP50} ms)`,
      );
    }
  } finally {
    writeFileSync(file, original);
    writeFileSync(css, originalCss);
    await browser.close();
    await dev.close();
  }
  return results;
}

const load = () => loadavg().map((n) => +n.toFixed(1));
const results = [];
const loadBefore = load();
// A stylesheet of the site's own for the stylesheet edits (the bundled site styles itself through the theme's).
const benchCss = join(ROOT, 'site/styles/bench-dev-latency.css');
const madeStyles = !existsSync(join(ROOT, 'site/styles'));
mkdirSync(join(ROOT, 'site/styles'), { recursive: true });
writeFileSync(benchCss, ':root { --bench-edit: none; }\n');
let painted;
try {
  painted = await paintLatency(ROOT, join(ROOT, 'content/v1/guide/tunnels.md'), '/v1/guide/tunnels', benchCss);
} finally {
  rmSync(madeStyles ? join(ROOT, 'site/styles') : benchCss, { recursive: true, force: true });
}
if (paintedOnly) {
  console.log(`load average (1, 5, 15 min): ${loadBefore.join(', ')} before, ${load().join(', ')} after`);
  process.exit(0);
}
results.push(await measure('bundled site', ROOT, join(ROOT, 'content/v1/guide/tunnels.md'), '/v1/guide/tunnels'));
const big = join(ROOT, 'bench/.cache/dev-10000');
if (!existsSync(join(big, 'content'))) {
  mkdirSync(big, { recursive: true });
  generateCorpus(join(big, 'content'), 10_000);
}
const target = join(big, 'content/v1/tutorials/set-0/tutorial-1.md');
results.push(await measure('10,000 documents', big, target, '/v1/tutorials/set-0/tutorial-1'));
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const loadAfter = load();
console.log(`load average (1, 5, 15 min): ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after`);
writeFileSync(
  join(ROOT, 'bench/results/dev-latency.json'),
  JSON.stringify({ node: process.version, edits, load: { before: loadBefore, after: loadAfter }, painted, results }, null, 2),
);
