#!/usr/bin/env node
// npm run bench: sitegen against Hugo and Eleventy on the same generated corpora, side by side.
//
//   node bench/run.js [sizes=1000,4000,10000] [runs=3]      (npm run bench -- 40000 for the big one)
//
// Per size: one warm-up round, then `runs` counted rounds; in each round the three tools build in
// turn (cold: sitegen's cache removed first, each run into a folder that never existed; nothing is
// deleted while a size's timed runs go on, see `fresh`). Then sitegen alone, each round paired with
// a Hugo cold build: a rebuild with nothing changed, a rebuild after one body edit, a rebuild after
// one title edit (every listing and sidebar that shows it changes). Every tool's output is checked
// to hold one page per markdown file. Each round also times bench/floor.js, the least work any
// Node program does with sitegen's libraries, to show which goals are out of their reach. Last,
// the bundled site built cold. Hugo comes from Debian
// (installed when missing), Eleventy from npm into bench/.cache (never a project dependency).
// Results: docs/bench/results.{json,md} and chart.svg (merged with earlier sizes' results).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem } from 'node:os';
import { generateCorpus } from './corpus.js';
import { machine } from './measure.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'bench/.cache');
const OUT = join(ROOT, 'docs/bench');
const sizes = (process.argv[2] ?? '1000,4000,10000').split(',').map(Number);
const runs = Number(process.argv[3] ?? 3);
mkdirSync(CACHE, { recursive: true });

function ensureTools() {
  if (!existsSync('/usr/bin/time'))
    execFileSync('bash', ['-c', 'apt-get install -y -qq time || (apt-get update -qq && apt-get install -y -qq time)'], { stdio: 'inherit' });
  if (!existsSync('/usr/bin/hugo'))
    execFileSync('bash', ['-c', 'apt-get install -y -qq hugo || (apt-get update -qq && apt-get install -y -qq hugo)'], { stdio: 'inherit' });
  const eleventyDir = join(CACHE, 'eleventy');
  if (!existsSync(join(eleventyDir, 'node_modules/@11ty/eleventy'))) {
    mkdirSync(eleventyDir, { recursive: true });
    writeFileSync(join(eleventyDir, 'package.json'), '{ "private": true, "type": "module" }\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', eleventyDir, '@11ty/eleventy@3.1.2', 'markdown-it-anchor@9'], { stdio: 'inherit' });
  }
}

/** Run a command under /usr/bin/time: wall time and peak RSS (KB) of the process tree's largest process. */
async function timed(cmd, args, cwd) {
  await settled();
  // And until the kernel has finished with what was deleted before (`sync`): on a disk mounted
  // with `discard`, freeing tens of thousands of files costs kernel time well after the unlinks
  // return, which would be charged to whichever tool runs next.
  execFileSync('sync');
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${stderr.slice(-2000)}`));
      resolve({ ms, rssMb: Number(stderr.trim().split('\n').pop()) / 1024 });
    });
  });
}

/**
 * The disk this bench was written on has ext4 without a journal, and without one the kernel passes
 * over every inode freed in the last 60 seconds (`RECENTCY_MIN` in fs/ext4/ialloc.c; five minutes
 * more while the inode's table block is not yet written back, hence the `sync`) when it allocates
 * a new one, one buffer lookup each.
 * A build right after tens of thousands of files were deleted then pays seconds of kernel time to
 * create its own, however fast it is; removing each tool's output just before its next cold run
 * measured the deletions as much as the tools (at 10,000 files it moved sitegen/Hugo from 1.5 to
 * 1.8). So every cold run writes into a folder of its own, outputs are deleted only once a size is
 * done, and the next size waits out that minute: cold means a first build, as a new user (or a
 * fresh CI checkout) runs it. (Until 2026-11-25 the wait was 31 seconds, from a misreading of that
 * window; a size's warm-up round covered most of the rest.)
 */
const QUIET_MS = 61_000;
async function clear(dir) {
  if (!existsSync(dir)) return;
  rmSync(dir, { recursive: true, force: true });
  execFileSync('sync');
  await new Promise((r) => setTimeout(r, QUIET_MS));
}

/**
 * sitegen removes the output it replaced (when it keeps no spare) in a detached process after it
 * returns. Wait for that before the next timed run, so no run is charged for (or helped by) the
 * one before it: every `.<out>.sitegen/` folder holds only the generation `<out>` links to.
 */
async function settled() {
  const pending = (dir, gens) => {
    const out = join(dir, gens.slice(1, -'.sitegen'.length));
    const current = existsSync(out) ? realpathSync(out) : '';
    return readdirSync(join(dir, gens)).some((n) => /^(out|old|tmp|link)-/.test(n) && join(dir, gens, n) !== current);
  };
  const busy = () =>
    [CACHE, ...sizes.map((size) => join(CACHE, `work-${size}`))].some(
      (dir) => existsSync(dir) && readdirSync(dir).some((n) => /^\..+\.sitegen$/.test(n) && pending(dir, n)),
    );
  for (let i = 0; i < 600 && busy(); i++) await new Promise((r) => setTimeout(r, 100));
}

function countPages(dir) {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) n += countPages(p);
    else if (entry === 'index.html') n++;
  }
  return n;
}

function eleventyConfig(dir, input) {
  const includes = join(dir, 'layouts');
  mkdirSync(includes, { recursive: true });
  const layout = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }} | Bench</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1><nav>{{ content | toc | safe }}</nav><article>{{ content | safe }}</article></main></body></html>\n`;
  writeFileSync(join(includes, 'post.njk'), layout);
  writeFileSync(join(includes, 'doc.njk'), layout);
  const config = join(dir, 'eleventy.config.js');
  writeFileSync(
    config,
    `import anchor from 'markdown-it-anchor';
export default function (config) {
  config.amendLibrary('md', (md) => md.use(anchor));
  // The same table of contents the other tools render: h2 and h3 with their ids.
  config.addFilter('toc', (html) => '<ul>' + [...String(html).matchAll(/<h([23]) id="([^"]+)"[^>]*>(.*?)<\\/h\\1>/g)].map((m) => '<li><a href="#' + m[2] + '">' + m[3] + '</a></li>').join('') + '</ul>');
  return { dir: { includes: '${relative(input, includes)}' }, markdownTemplateEngine: false };
}
`,
  );
  return config;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => (ms / 1000).toFixed(2);

async function benchSize(size) {
  const corpus = join(CACHE, `corpus-${size}`);
  if (!existsSync(corpus)) generateCorpus(corpus, size);
  const work = join(CACHE, `work-${size}`);
  await clear(work);
  mkdirSync(work, { recursive: true });
  let made = 0;
  /** A folder of `name`'s that never existed (see QUIET_MS). */
  const fresh = (name) => join(work, `${name}-${made++}`);
  const eleventyDir = join(CACHE, 'eleventy');
  const config = eleventyConfig(eleventyDir, corpus);
  const tools = {
    sitegen: {
      out: join(work, 'sitegen'),
      run: (out) => timed(process.execPath, [join(ROOT, 'bin/sitegen.js'), 'build', '--quiet', '--content', corpus, '--out', out], work),
      clean: () => rmSync(join(work, '.sitegen-cache'), { recursive: true, force: true }),
    },
    hugo: {
      out: join(work, 'hugo'),
      run: (out) =>
        timed(
          '/usr/bin/hugo',
          ['--source', join(ROOT, 'bench/hugo'), '--contentDir', corpus, '--destination', out, '--quiet', '--buildFuture', '--noTimes'],
          work,
        ),
      clean: () => rmSync(join(ROOT, 'bench/hugo/resources'), { recursive: true, force: true }),
    },
    eleventy: {
      out: join(work, 'eleventy'),
      run: (out) =>
        timed(
          process.execPath,
          [join(eleventyDir, 'node_modules/@11ty/eleventy/cmd.cjs'), `--input=${corpus}`, `--output=${out}`, `--config=${config}`, '--quiet'],
          work,
        ),
      clean: () => undefined,
    },
    // Not a tool: the least any Node program does with sitegen's libraries (bench/floor.js).
    floor: {
      out: join(work, 'floor'),
      run: (out) => timed(process.execPath, [join(ROOT, 'bench/floor.js'), corpus, out], work),
      clean: () => undefined,
    },
    // The floor of a build that keeps DESIGN.md's output contract: the same, with the fences
    // highlighted by sitegen's highlighter and each page's payload and content API file written.
    contract: {
      out: join(work, 'contract'),
      run: (out) => timed(process.execPath, [join(ROOT, 'bench/floor.js'), corpus, out, '', '--contract'], work),
      clean: () => undefined,
    },
  };
  const samples = Object.fromEntries(Object.keys(tools).map((t) => [t, []]));
  for (let round = 0; round <= runs; round++) {
    for (const [name, tool] of Object.entries(tools)) {
      tool.clean();
      tool.out = fresh(name);
      const sample = await tool.run(tool.out);
      const pages = countPages(tool.out);
      if (pages < size) throw new Error(`${name} wrote ${pages} pages for ${size} files`);
      if (round > 0) samples[name].push(sample);
      process.stdout.write(`  ${size} ${name} round ${round}${round ? '' : ' (warm-up)'}: ${fmt(sample.ms)} s, ${Math.round(sample.rssMb)} MB\n`);
    }
  }
  // sitegen rebuilds, each paired with a Hugo cold build of the same round: nothing changed (the
  // output is already right), one body edit (only that page renders), one title edit (listings,
  // sidebars and neighbours change: every page that shows it renders again).
  const warm = [];
  const oneChanged = [];
  const titleChanged = [];
  const hugoPaired = [];
  const target = join(corpus, readdirSync(join(corpus, 'blog')).map((y) => join('blog', y, readdirSync(join(corpus, 'blog', y))[0]))[0]);
  const original = readFileSync(target, 'utf8');
  const profiled = [];
  try {
    for (let i = 0; i < runs; i++) {
      warm.push(await tools.sitegen.run(tools.sitegen.out));
      writeFileSync(target, `${original}\n\nEdited in round ${i}.\n`);
      oneChanged.push(await tools.sitegen.run(tools.sitegen.out));
      writeFileSync(target, original.replace(/^title: "/m, `title: "Retitled ${i} `));
      titleChanged.push(await tools.sitegen.run(tools.sitegen.out));
      writeFileSync(target, original);
      await tools.sitegen.run(tools.sitegen.out);
      tools.hugo.clean();
      hugoPaired.push(await tools.hugo.run(fresh('hugo')));
    }
    // The main thread's own heap, phase by phase (--profile), in a cold build: it holds metadata only.
    tools.sitegen.clean();
    const profile = execFileSync(process.execPath, [join(ROOT, 'bin/sitegen.js'), 'build', '--profile', '--content', corpus, '--out', fresh('sitegen')], {
      cwd: work,
      env: { ...process.env, NO_COLOR: '1' },
    }).toString();
    for (const m of profile.matchAll(/heap (\d+) MB/g)) profiled.push(Number(m[1]));
  } finally {
    writeFileSync(target, original);
  }
  const pairedWith = (list) => +median(list.map((s, i) => s.ms / hugoPaired[i].ms)).toFixed(2);
  const summary = {};
  for (const [name, list] of Object.entries(samples)) {
    summary[name] = {
      medianMs: Math.round(median(list.map((s) => s.ms))),
      minMs: Math.round(Math.min(...list.map((s) => s.ms))),
      maxMs: Math.round(Math.max(...list.map((s) => s.ms))),
      peakRssMb: Math.round(Math.max(...list.map((s) => s.rssMb))),
    };
  }
  /** `name`'s run over `other`'s run of the same round, round by round. */
  const paired = (other, name = 'sitegen') => samples[name].map((s, i) => s.ms / samples[other][i].ms);
  await clear(work);
  return {
    size,
    tools: summary,
    ratios: {
      sitegenOverHugo: +median(paired('hugo')).toFixed(2),
      sitegenOverEleventy: +median(paired('eleventy')).toFixed(2),
      floorOverHugo: +median(paired('hugo', 'floor')).toFixed(2),
      floorOverEleventy: +median(paired('eleventy', 'floor')).toFixed(2),
      sitegenOverFloor: +median(paired('floor')).toFixed(2),
      contractOverHugo: +median(paired('hugo', 'contract')).toFixed(2),
      sitegenOverContract: +median(paired('contract')).toFixed(2),
      contractOverEleventy: +median(paired('eleventy', 'contract')).toFixed(2),
      warmOverHugoCold: pairedWith(warm),
      oneChangedOverHugoCold: pairedWith(oneChanged),
      titleChangedOverHugoCold: pairedWith(titleChanged),
    },
    sitegenWarmMs: Math.round(median(warm.map((s) => s.ms))),
    sitegenOneChangedMs: Math.round(median(oneChanged.map((s) => s.ms))),
    sitegenTitleChangedMs: Math.round(median(titleChanged.map((s) => s.ms))),
    mainThreadHeapMb: Math.max(...profiled),
    runs,
    // A size kept from an earlier run (40,000 runs on its own) says when and on what code it was measured.
    date: machine().date,
    commit: machine().commit,
  };
}

function chart(results) {
  const W = 640,
    H = 360,
    pad = { l: 70, r: 130, t: 30, b: 50 };
  const colors = { sitegen: '#0b7268', hugo: '#e0457b', eleventy: '#6b7280' };
  const rate = (r, t) => (r.size / r.tools[t].medianMs) * 1000;
  const maxRate = Math.max(...results.flatMap((r) => Object.keys(colors).map((t) => rate(r, t)))) * 1.1;
  const xs = results.map((r) => r.size);
  const x = (i) => pad.l + (results.length === 1 ? (W - pad.l - pad.r) / 2 : (i / (results.length - 1)) * (W - pad.l - pad.r));
  const y = (v) => H - pad.b - (v / maxRate) * (H - pad.t - pad.b);
  const lines = Object.entries(colors).map(([tool, color]) => {
    const pts = results.map((r, i) => `${x(i).toFixed(1)},${y(rate(r, tool)).toFixed(1)}`);
    const last = results.length - 1;
    return (
      `<polyline fill="none" stroke="${color}" stroke-width="3" points="${pts.join(' ')}"/>` +
      results.map((r, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(rate(r, tool)).toFixed(1)}" r="4" fill="${color}"/>`).join('') +
      `<text x="${x(last) + 10}" y="${y(rate(results[last], tool)) + 4}" fill="${color}" font-size="13">${tool}</text>`
    );
  });
  const ticks = Array.from({ length: 5 }, (_, i) => (maxRate / 4) * i);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" role="img" aria-label="Pages per second by corpus size">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${pad.l}" y="20" font-size="14" font-weight="600" fill="#0f172a">Cold build throughput (pages per second, higher is better)</text>
${ticks.map((t) => `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(t)}" y2="${y(t)}" stroke="#e5e7eb"/><text x="${pad.l - 8}" y="${y(t) + 4}" font-size="11" fill="#475569" text-anchor="end">${Math.round(t)}</text>`).join('\n')}
${xs.map((s, i) => `<text x="${x(i)}" y="${H - pad.b + 20}" font-size="12" fill="#475569" text-anchor="middle">${s.toLocaleString('en-US')} files</text>`).join('\n')}
${lines.join('\n')}
</svg>
`;
}

function table(results, meta) {
  const rows = results.map((r) => {
    const t = r.tools;
    const cell = (name) => `${fmt(t[name].medianMs)} s, ${t[name].peakRssMb} MB`;
    return `| ${r.size.toLocaleString('en-US')} | ${cell('sitegen')} | ${cell('hugo')} | ${cell('eleventy')} | **${r.ratios.sitegenOverHugo}** | **${r.ratios.sitegenOverEleventy}** | ${fmt(r.sitegenWarmMs)} s (**${r.ratios.warmOverHugoCold}**) | ${fmt(r.sitegenOneChangedMs)} s (**${r.ratios.oneChangedOverHugoCold}**${(r.runs ?? 1) === 1 ? ', the first rebuild: no spare yet' : ''}) | ${fmt(r.sitegenTitleChangedMs)} s (**${r.ratios.titleChangedOverHugoCold}**) | ${r.mainThreadHeapMb} MB |`;
  });
  const sorted = [...results].sort((a, b) => a.size - b.size);
  const scaling =
    sorted.length > 1
      ? sorted
          .slice(1)
          .map(
            (r, i) =>
              `${sorted[i].size.toLocaleString('en-US')} → ${r.size.toLocaleString('en-US')} files: ×${(r.size / sorted[i].size).toFixed(1)} files, ×${(r.tools.sitegen.medianMs / sorted[i].tools.sitegen.medianMs).toFixed(2)} time`,
          )
          .join('; ')
      : '';
  const floors = results.filter((r) => r.tools.floor);
  const floor = floors.length
    ? `
The floor (\`bench/floor.js\`, in the same rounds): markdown-it and React alone on every core, one file per page, no highlighting, none of sitegen's other work. No sitegen build can be faster; a goal below it is out of reach of these libraries in Node on this machine. The contract floor (\`bench/floor.js --contract\`) adds only what the output contract ([output.md](../output.md)) requires of every page: the fences highlighted with sitegen's highlighter (shiki), the page's payload and the document's content API file.

| files | floor | floor/Hugo | floor/Eleventy | sitegen/floor | contract floor | contract floor/Hugo | contract floor/Eleventy | sitegen/contract floor |
|---|---|---|---|---|---|---|---|---|
${floors.map((r) => `| ${r.size.toLocaleString('en-US')} | ${fmt(r.tools.floor.medianMs)} s, ${r.tools.floor.peakRssMb} MB | **${r.ratios.floorOverHugo}** | **${r.ratios.floorOverEleventy}** | ${r.ratios.sitegenOverFloor} | ${r.tools.contract ? `${fmt(r.tools.contract.medianMs)} s, ${r.tools.contract.peakRssMb} MB | **${r.ratios.contractOverHugo}** | ${r.ratios.contractOverEleventy ?? 'not measured'} | ${r.ratios.sitegenOverContract}` : 'not measured | | | '} |`).join('\n')}
`
    : '';
  const site = meta.bundled
    ? `\nBundled Ferrygate site, cold (cache and output removed): ${fmt(meta.bundled.medianMs)} s median of ${meta.bundled.runs} (${meta.bundled.pages} pages).\n`
    : '';
  return `Measured ${meta.date} on ${meta.cpus} cores, ${meta.memGb} GiB, Node ${meta.node}, ${meta.hugo}, Eleventy ${meta.eleventy}; ${meta.runs} counted runs after a warm-up${results
    .filter((r) => r.size >= 40_000 || (r.date && r.date !== meta.date))
    .map(
      (r) =>
        ` (${r.size.toLocaleString('en-US')}: ${r.runs ?? 1} run${(r.runs ?? 1) === 1 ? '' : 's'}, in its own bench run${r.date ? ` of ${r.date}${r.commit ? ` at ${r.commit}` : ''}` : ''})`,
    )
    .join('')}; medians, peak RSS of the largest process; ratios are medians of pairs run back to back (rebuilds against a Hugo cold build of the same round).

| files | sitegen cold | Hugo cold | Eleventy cold | sitegen/Hugo | sitegen/Eleventy | nothing changed (/Hugo) | one body edit (/Hugo) | one title edit (/Hugo) | main-thread heap |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
${scaling ? `\nScaling: ${scaling}.\n` : ''}${floor}${site}
Issue 42's goals (files that differ after an edit, a rebuild and \`--force\`; rebuild and CI-build times against Hugo; code measures): [goals.md](goals.md), from \`node bench/goals.js\`.

Issue 44's goals (a docs folder in eight languages built with \`locales\` against without; a body edit in one locale and version of a 10,000-page docs corpus against Hugo cold): [languages.md](languages.md), from \`node bench/languages.js\`.

Issue 45's listings goal (the theme's tag, author and paginated blog pages against none, 10,000 posts, cold): [listings.md](listings.md), from \`node bench/listings.js\`.
`;
}

/** The bundled site, cold: cache and output removed before each build. */
async function benchBundled(count) {
  const out = join(CACHE, 'bundled-out');
  const times = [];
  let pages = 0;
  for (let i = 0; i <= count; i++) {
    rmSync(out, { recursive: true, force: true });
    rmSync(join(CACHE, '.bundled-out.sitegen'), { recursive: true, force: true }); // the builds the output links to
    rmSync(join(ROOT, '.sitegen-cache'), { recursive: true, force: true });
    const sample = await timed(process.execPath, [join(ROOT, 'bin/sitegen.js'), 'build', '--quiet', '--out', out], ROOT);
    pages = countPages(out);
    if (i > 0) times.push(sample.ms);
    console.log(`  bundled site ${i ? `run ${i}` : '(warm-up)'}: ${fmt(sample.ms)} s`);
  }
  return { medianMs: Math.round(median(times)), runs: count, pages };
}

ensureTools();
execFileSync(process.execPath, [join(ROOT, 'scripts/compile.js')], { stdio: 'inherit' });
// Earlier sizes' results stay (a 40,000 run is separate), replaced size by size.
const previous = existsSync(join(OUT, 'results.json')) ? JSON.parse(readFileSync(join(OUT, 'results.json'), 'utf8')) : { results: [] };
const bySize = new Map(previous.results.filter((r) => r.ratios?.titleChangedOverHugoCold !== undefined).map((r) => [r.size, r]));
for (const size of sizes) {
  console.log(`corpus of ${size} files`);
  const result = await benchSize(size);
  bySize.set(size, result);
  console.log(JSON.stringify(result.ratios));
}
const results = [...bySize.values()].sort((a, b) => a.size - b.size);
// `npm run bench -- 40000` alone: the others' run count and bundled-site figure stay.
const separate = sizes.every((size) => size >= 40_000) && previous.meta ? true : false;
const meta = {
  date: new Date().toISOString().slice(0, 10),
  cpus: cpus().length,
  memGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  hugo: execFileSync('/usr/bin/hugo', ['version']).toString().split(' ')[0] + ' ' + execFileSync('/usr/bin/hugo', ['version']).toString().split(' ')[1],
  eleventy: JSON.parse(readFileSync(join(CACHE, 'eleventy/node_modules/@11ty/eleventy/package.json'), 'utf8')).version,
  runs: separate ? previous.meta.runs : runs,
  // Run with the other sizes, not again with 40,000 on its own.
  bundled: process.env.BENCH_SKIP_BUNDLED || separate ? previous.meta?.bundled : await benchBundled(runs),
};
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'results.json'), JSON.stringify({ meta, results }, null, 2));
writeFileSync(join(OUT, 'results.md'), table(results, meta));
writeFileSync(join(OUT, 'chart.svg'), chart(results));
console.log(table(results, meta));
