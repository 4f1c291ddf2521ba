#!/usr/bin/env node
// Issue 44's goals (sites in several languages, docs in several versions), measured on bench/languages-corpus.js's corpora.
//
//   node bench/languages.js [--sizes 3000,10000] [--runs 3]      (part of npm run bench)
//   node bench/languages.js --quick                              (400 and 1,000 pages, one round, nothing written to docs/)
//   node bench/languages.js --locales [--sizes 3000] [--runs 5]  (goal 1 alone, printed, nothing written to docs/)
//
// 1. Locales: a docs folder in eight languages (`sizes[0]` pages), built cold twice per round, by a
//    project that never existed: once with `locales` in its config, once without (the order
//    alternates between rounds). The ratio is with / without. The build with locales is checked
//    for what the goal names (lang and dir, hreflang, per-locale sidebars, per-locale search
//    indexes holding CJK words), the one without for none of it.
// 2. Versions: `sizes[1]` docs pages as v2, v1, ja/v2 and ja/v1, `locales: ['en', 'ja']` and two
//    versions. Each round opens and closes with a Hugo cold build of the same folder; between them
//    sitegen builds cold, then twice with a sentence appended to a page in ja/v1 (the first edit
//    after a cold build has no spare output to write into; the second is the steady state, the
//    goal's figure), the edit undone, then a title edit of a page in v2 and its undoing. Times
//    are ratios to the mean of the round's two Hugo builds. The files each build changed come
//    from `--changes`; the first round also compares the outputs file by file.
// Results: docs/bench/languages.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { LANGUAGES, LOCALES, generateMultilingual, generateVersioned } from './languages-corpus.js';
import { CACHE, ROOT, checkTools, clear, countPages, diff, flag, fmt, hugo, machine, median, settled, snapshot, timed } from './measure.js';

const quick = process.argv.includes('--quick');
const [multiSize, versionSize] = flag('sizes', quick ? '400,1000' : '3000,10000')
  .split(',')
  .map(Number);
const runs = Number(flag('runs', quick ? '1' : '3'));

const PLUGINS = ['seo', 'markdown', 'sitemap', 'search'].map((p) => `'react-sitegen/plugins/${p}'`).join(', ');
const config = (fields) => `import { defineConfig } from 'react-sitegen';

export default defineConfig({
  url: 'https://docs.example.com',
  name: 'Ferry docs',
  description: 'Docs for the bench.',
  plugins: [${PLUGINS}],
${fields}});
`;
const MULTI_LOCALES = `  locales: [${LOCALES.map((l) => `'${l}'`).join(', ')}],\n`;
const MULTI_THEME = '  theme: { search: true },\n';
const VERSIONS = `  locales: ['en', 'ja'],\n  theme: { search: true, versions: [{ dir: 'v2' }, { dir: 'v1' }] },\n`;

/** A project that never existed: its config alone (the content is passed as `--content`). */
function project(root, fields) {
  mkdirSync(join(root, 'site'), { recursive: true });
  writeFileSync(join(root, 'site/config.ts'), config(fields));
}

/** One sitegen build, what it printed kept: its summary says how many pages it rendered and took over. */
async function sitegen(root, content, ...extra) {
  await settled(root);
  const run = await timed(process.execPath, [join(ROOT, 'bin/sitegen.js'), 'build', '--root', root, '--content', content, ...extra], root, { stdout: true });
  const rendered = run.stdout.match(/rendered (\d+) pages?(?: \((\d+) unchanged\))?/);
  const wrote = run.stdout.match(/wrote (\d+) files?, (\d+) unchanged, removed (\d+)/);
  return {
    ...run,
    rendered: rendered ? Number(rendered[1]) - Number(rendered[2] ?? 0) : undefined,
    takenOver: rendered ? Number(rendered[2] ?? 0) : undefined,
    wrote: wrote ? Number(wrote[1]) : undefined,
  };
}

/** A corpus made again when its generator changed. */
function corpusAt(name, size, generate) {
  const dir = join(CACHE, `${name}-${size}`);
  const stamp = join(`${dir}.stamp`);
  const sources = ['languages-corpus.js', 'corpus.js'].map((f) => readFileSync(join(ROOT, 'bench', f)));
  const hash = createHash('sha1').update(Buffer.concat(sources)).digest('hex');
  if (!existsSync(dir) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
    generate(dir, size);
    writeFileSync(stamp, hash);
  }
  return dir;
}

// ---- Goal 1: locales -----------------------------------------------------------------------

const read = (dist, file) => readFileSync(join(dist, file), 'utf8');
const route = (locale, path) => {
  const page = path
    .replace(/(^|\/)index\.md$/, '')
    .replace(/\.md$/, '')
    .replace(/(^|\/)\d+\./g, '$1');
  return [locale === 'en' ? '' : locale.toLowerCase(), page].filter(Boolean).join('/');
};
const htmlOf = (dist, locale, path) => read(dist, join(route(locale, path), 'index.html'));
const attr = (html, name) => html.match(new RegExp(`<html[^>]*\\s${name}="([^"]*)"`))?.[1];

/** Everything the goal asks of the build with locales; the build without them is checked to have none of it. */
function checkLocales(dist, corpus, withLocales) {
  const problems = [];
  const expect = (ok, what) => ok || problems.push(what);
  const section = 'guide/index.md';
  for (const locale of LOCALES) {
    const html = htmlOf(dist, locale, section);
    const lang = withLocales ? locale : 'en';
    const dir = withLocales && ['ar', 'fa'].includes(locale) ? 'rtl' : 'ltr';
    expect(attr(html, 'lang') === lang, `${route(locale, section)}: lang="${attr(html, 'lang')}", expected "${lang}"`);
    expect(attr(html, 'dir') === dir, `${route(locale, section)}: dir="${attr(html, 'dir')}", expected "${dir}"`);
  }
  // hreflang: every English page of the first group lists exactly the locales that translated it, and x-default.
  const group = readdirSync(join(corpus, 'guide/group-0')).filter((f) => f.endsWith('.md'));
  for (const file of group.map((f) => `guide/group-0/${f}`)) {
    const have = LOCALES.filter((l) => existsSync(join(corpus, l === 'en' ? '' : l, file)));
    const expected = withLocales && have.length > 1 ? [...have, 'x-default'] : [];
    const listed = [...htmlOf(dist, 'en', file).matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);
    expect(listed.join() === expected.join(), `${route('en', file)}: hreflang ${listed.join(',') || 'none'}, expected ${expected.join(',') || 'none'}`);
  }
  // Sidebars: a Japanese page's lists Japanese pages only; without locales, it lists every language's.
  const sidebar = (html) => [...(html.match(/<aside class="docs-sidebar">([\s\S]*?)<\/aside>/)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  const jaLinks = sidebar(htmlOf(dist, 'ja', section));
  const foreign = jaLinks.filter((href) => !href.startsWith('/ja'));
  expect(jaLinks.length > 0, `${route('ja', section)}: no sidebar`);
  if (withLocales) expect(foreign.length === 0, `${route('ja', section)}: sidebar links outside /ja: ${foreign.slice(0, 3).join(', ')}`);
  // Search: one index per locale; the CJK ones hold the language's words as terms (segmented, not whole sentences).
  const indexes = readdirSync(join(dist, '_sitegen/search')).sort();
  const expectedIndexes = withLocales ? LOCALES.map((l) => `index.${l}.json`).sort() : ['index.json'];
  expect(indexes.join() === expectedIndexes.join(), `search indexes: ${indexes.join(', ')}`);
  const cjk = {};
  for (const locale of ['ja', 'zh-CN', 'ko']) {
    const file = withLocales ? `_sitegen/search/index.${locale}.json` : '_sitegen/search/index.json';
    const terms = new Set(JSON.parse(read(dist, file)).index.map(([term]) => term));
    const found = LANGUAGES[locale].words.filter((w) => terms.has(w.toLowerCase()));
    cjk[locale] = `${found.length}/${LANGUAGES[locale].words.length}`;
    if (withLocales) expect(found.length >= LANGUAGES[locale].words.length / 2, `${file}: ${cjk[locale]} of the language's words are terms`);
  }
  return { problems, cjk, sidebarLinks: jaLinks.length };
}

async function localesRound(ctx, r) {
  const load = loadavg()[0];
  const order = r % 2 === 0 ? ['locales', 'plain'] : ['plain', 'locales'];
  const t = {};
  const checks = {};
  for (const kind of order) {
    const root = join(ctx.work, `round-${r}-${kind}`);
    project(root, kind === 'locales' ? MULTI_LOCALES + MULTI_THEME : MULTI_THEME);
    t[kind] = await sitegen(root, ctx.corpus, '--quiet');
    const dist = realpathSync(join(root, 'dist'));
    checks[kind] = checkLocales(dist, ctx.corpus, kind === 'locales');
    checks[kind].pages = countPages(dist);
  }
  const ratio = t.locales.ms / t.plain.ms;
  console.log(
    `  locales round ${r} (load ${load.toFixed(1)}, ${order.join(' then ')}): with locales ${fmt(t.locales.ms)} s, without ${fmt(t.plain.ms)} s, ratio ${ratio.toFixed(2)}`,
  );
  for (const [kind, c] of Object.entries(checks)) if (c.problems.length) console.log(`  ${kind}: ${c.problems.join('; ')}`);
  return { load, order, t, ratio, checks };
}

async function benchLocales() {
  const corpus = corpusAt('languages-multi', multiSize, generateMultilingual);
  const files = LOCALES.map((l) => [l, countMarkdown(l === 'en' ? corpus : join(corpus, l), l === 'en')]);
  const work = join(CACHE, `languages-multi-work-${multiSize}`);
  await clear(work, true);
  mkdirSync(work, { recursive: true });
  console.log(`multilingual docs: ${files.map(([l, n]) => `${l} ${n}`).join(', ')} files`);
  // Warm-up: the corpus in the page cache, sitegen's compile cache loaded.
  project(join(work, 'warm'), MULTI_LOCALES + MULTI_THEME);
  await sitegen(join(work, 'warm'), corpus, '--quiet');
  const rounds = [];
  for (let r = 0; r < runs; r++) rounds.push(await localesRound({ corpus, work }, r));
  const failed = rounds.flatMap((x) => Object.entries(x.checks).flatMap(([kind, c]) => c.problems.map((p) => `${kind}: ${p}`)));
  if (failed.length) throw new Error(`the multilingual build is not what the goal asks:\n${failed.join('\n')}`);
  return { corpus, work, files, rounds, ratio: median(rounds.map((x) => x.ratio)) };
}

function countMarkdown(dir, skipLocales) {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
    if (e.isDirectory()) return skipLocales && LOCALES.includes(e.name) ? n : n + countMarkdown(join(dir, e.name), false);
    return n + (e.name.endsWith('.md') ? 1 : 0);
  }, 0);
}

// ---- Goal 2: versions ----------------------------------------------------------------------

const GROUPS = ['ja/v2', 'ja/v1', 'v2', 'v1'];
const groupOf = (file) => GROUPS.find((g) => file.startsWith(`${g}/`)) ?? 'other';

/**
 * The changed output files `--changes` listed, by kind: the edited page's own, its content API
 * file, search indexes, build manifests, the other pages whose files changed (by version), the rest.
 */
function sortChanges(file, editedRoute) {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const pages = Object.fromEntries([...GROUPS, 'other'].map((g) => [g, new Set()]));
  const out = { lines, total: lines.length, own: [], api: [], search: [], builds: [], other: [] };
  for (const line of lines) {
    if (editedRoute && line.startsWith(`${editedRoute}/`)) out.own.push(line);
    else if (line.startsWith('api/_content/')) out.api.push(line);
    else if (line.startsWith('_sitegen/search/')) out.search.push(line);
    else if (line.startsWith('_sitegen/builds/')) out.builds.push(line);
    else if (/(^|\/)(index\.html|_payload\.json)$/.test(line)) pages[groupOf(line)].add(dirname(line));
    else out.other.push(line);
  }
  out.pages = Object.fromEntries(Object.entries(pages).map(([g, set]) => [g, set.size]));
  return out;
}

async function versionsRound(ctx, r) {
  const { corpus, work, body, title } = ctx;
  const root = join(work, `round-${r}`);
  project(root, VERSIONS);
  const compare = r === 0;
  const load = loadavg()[0];
  const t = {};
  const changes = {};
  const files = {};
  const build = async (name, { edited, ...opts } = {}) => {
    const list = join(work, `changes-${r}-${name}.txt`);
    t[name] = await sitegen(root, corpus, '--changes', list, ...(opts.args ?? []));
    changes[name] = sortChanges(list, edited);
  };
  const hugoA = await hugo(corpus, join(work, `hugo-${r}-a`));
  try {
    await build('cold');
    const pages = countPages(realpathSync(join(root, 'dist')));
    if (pages < ctx.size) throw new Error(`sitegen wrote ${pages} pages for ${ctx.size} files`);
    const s0 = compare ? snapshot(root) : undefined;
    const append = (...sentences) => writeFileSync(body.file, `${body.original}${sentences.map((s) => `\n\n${s}\n`).join('')}`);
    append(`Edited in round ${r}.`);
    await build('firstEdit', { edited: body.route });
    append(`Edited in round ${r}.`, 'And once more.');
    await build('edit', { edited: body.route });
    const s1 = compare ? snapshot(root) : undefined;
    writeFileSync(body.file, body.original);
    await build('undone', { edited: body.route });
    const s2 = compare ? snapshot(root) : undefined;
    writeFileSync(title.file, title.original.replace(/^title: "(.*)"$/m, `title: "$1 (renamed in round ${r})"`));
    await build('title', { edited: title.route });
    writeFileSync(title.file, title.original);
    await build('titleUndone', { edited: title.route });
    if (compare) {
      files.edit = diff(s0, s1);
      // What the comparison finds changed that neither edit's `--changes` listed (expected none).
      const listed = new Set([...changes.firstEdit.lines, ...changes.edit.lines]);
      files.unlisted = [...files.edit.added, ...files.edit.removed, ...files.edit.changed].filter((f) => !listed.has(f));
      files.undone = diff(s0, s2);
      files.titleUndone = diff(s0, snapshot(root));
    }
  } finally {
    writeFileSync(body.file, body.original);
    writeFileSync(title.file, title.original);
  }
  const hugoB = await hugo(corpus, join(work, `hugo-${r}-b`));
  const hugoMs = (hugoA.ms + hugoB.ms) / 2;
  const ratios = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.ms / hugoMs]));
  const line = Object.entries(t).map(([k, v]) => `${k} ${fmt(v.ms)} s (${ratios[k].toFixed(2)}, rendered ${v.rendered}, taken over ${v.takenOver})`);
  console.log(`  versions round ${r} (load ${load.toFixed(1)}): Hugo ${fmt(hugoA.ms)}/${fmt(hugoB.ms)} s; ${line.join(', ')}`);
  console.log(
    `  changed by the title edit: ${Object.entries(changes.title.pages)
      .map(([g, n]) => `${g} ${n}`)
      .join(', ')} pages`,
  );
  return { load, t, ratios, changes, files, hugoMs, hugoRssMb: Math.max(hugoA.rssMb, hugoB.rssMb) };
}

/** The first page (in path order) under `prefix`, with its route and text. */
function firstPage(corpus, prefix) {
  const dir = join(corpus, prefix, 'tutorials', 'set-0');
  const name = readdirSync(dir).sort()[0];
  const file = join(dir, name);
  return {
    file,
    path: `${prefix}/tutorials/set-0/${name}`,
    route: `${prefix}/tutorials/set-0/${name.replace(/\.md$/, '')}`,
    original: readFileSync(file, 'utf8'),
  };
}

async function benchVersions() {
  const corpus = corpusAt('languages-versions', versionSize, generateVersioned);
  const size = countMarkdown(corpus, false);
  const work = join(CACHE, `languages-versions-work-${versionSize}`);
  await clear(work, true);
  mkdirSync(work, { recursive: true });
  const ctx = { corpus, work, size, body: firstPage(corpus, 'ja/v1'), title: firstPage(corpus, 'v2') };
  console.log(`versioned docs: ${size} files (body edit: ${ctx.body.path}, title edit: ${ctx.title.path})`);
  await hugo(corpus, join(work, 'hugo-warm'));
  project(join(work, 'warm'), VERSIONS);
  await sitegen(join(work, 'warm'), corpus, '--quiet');
  const rounds = [];
  for (let r = 0; r < runs; r++) rounds.push(await versionsRound(ctx, r));
  const keys = Object.keys(rounds[0].t);
  return {
    ...ctx,
    rounds,
    ms: Object.fromEntries(keys.map((k) => [k, median(rounds.map((x) => x.t[k].ms))])),
    ratios: Object.fromEntries(keys.map((k) => [k, median(rounds.map((x) => x.ratios[k]))])),
    hugoMs: median(rounds.map((x) => x.hugoMs)),
  };
}

// ---- Report --------------------------------------------------------------------------------

const yes = (ok) => (ok ? 'yes' : '**no**');
const n = (x) => x.toLocaleString('en-US');
const list = (xs) => (xs.length ? xs.map((x) => `\`${x}\``).join(', ') : 'none');

function report(loc, ver, meta) {
  const pagesWith = loc.rounds[0].checks.locales.pages;
  const pagesWithout = loc.rounds[0].checks.plain.pages;
  const totalFiles = loc.files.reduce((k, [, c]) => k + c, 0);
  const edit = ver.ratios.edit;
  const last = ver.rounds.at(-1);
  const maxBy = (key, pick) => Math.max(...ver.rounds.map((x) => pick(x.changes[key])));
  const titleV1 = Math.max(...ver.rounds.map((x) => x.changes.title.pages.v1 + x.changes.title.pages['ja/v1']));
  const c0 = ver.rounds[0];
  const editFiles = c0.files.edit;
  const rows = [
    [
      '1',
      `Build with \`locales\` / the same folder without (${n(totalFiles)} files, 8 languages; both cold)`,
      `${loc.ratio.toFixed(2)} (${fmt(median(loc.rounds.map((x) => x.t.locales.ms)))} s / ${fmt(median(loc.rounds.map((x) => x.t.plain.ms)))} s)`,
      '≤ 1.2',
      yes(loc.ratio <= 1.2),
    ],
    ['1', '`lang`/`dir`, hreflang, per-locale sidebar and search indexes with CJK words (checked in every round)', 'all as expected', 'all', 'yes'],
    [
      '2',
      `One body edit in ja/v1, rebuild / Hugo cold (${n(ver.size)} pages: v2, v1, ja/v2, ja/v1)`,
      `${edit.toFixed(2)} (${fmt(ver.ms.edit)} s; Hugo ${fmt(ver.hugoMs)} s)`,
      '≤ 0.3',
      yes(edit <= 0.3),
    ],
  ];
  const locRounds = loc.rounds.map(
    (x, r) =>
      `| ${r} | ${x.load.toFixed(1)} | ${x.order[0] === 'locales' ? 'with first' : 'without first'} | ${fmt(x.t.locales.ms)} s, ${Math.round(x.t.locales.rssMb)} MB | ${fmt(x.t.plain.ms)} s, ${Math.round(x.t.plain.rssMb)} MB | ${x.ratio.toFixed(2)} |`,
  );
  const kinds = ['cold', 'firstEdit', 'edit', 'undone', 'title', 'titleUndone'];
  const verRounds = ver.rounds.map(
    (x, r) => `| ${r} | ${x.load.toFixed(1)} | ${fmt(x.hugoMs)} s | ${kinds.map((k) => `${fmt(x.t[k].ms)} s (${x.ratios[k].toFixed(2)})`).join(' | ')} |`,
  );
  const counts = kinds.map((k) => {
    const c = last.changes[k];
    const pages = Object.entries(c.pages)
      .filter(([, v]) => v)
      .map(([g, v]) => `${g} ${v}`)
      .join(', ');
    return `| ${k} | ${n(last.t[k].rendered ?? 0)} | ${n(last.t[k].takenOver ?? 0)} | ${n(c.total)} | ${c.own.length} | ${c.api.length} | ${c.search.length} | ${pages || 'none'} | ${c.other.length} |`;
  });
  return `# Issue 44 goals: languages and versions

Measured ${meta.date} on ${meta.cpus} cores, ${meta.memGb} GiB, Node ${meta.node}, ${meta.hugo}; sitegen at ${meta.commit}; ${runs} round${runs === 1 ? '' : 's'} per goal after a warm-up; the machine's load average (1 minute) at the start of each round is in the tables (the machine was shared). Made by \`node bench/languages.js --sizes ${multiSize},${versionSize} --runs ${runs}\` (\`npm run bench\` runs it after bench/goals.js). Corpora: bench/languages-corpus.js. Plugins: seo, markdown, sitemap and search, with the search box on.

| goal | measure | measured (median) | target | met |
|---|---|---|---|---|
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

## 1. Locales

A docs folder (the whole content folder is the docs root) in eight languages: English at the root, then ${loc.files
    .slice(1)
    .map(([l, c]) => `${l} (${n(c)})`)
    .join(
      ', ',
    )} in folders, against ${n(loc.files[0][1])} English files; each translates a share of the English pages at the same paths, in its own script (Japanese and Chinese unspaced, Arabic and Persian right to left). Each round builds it cold twice, each time as a project that never existed (\`--root\` a new folder holding only \`site/config.ts\`, \`--content\` the folder): with \`locales: [${LOCALES.map((l) => `'${l}'`).join(', ')}]\` (${n(pagesWith)} pages) and without (${n(pagesWithout)} pages: one English site, every page \`lang="en"\`, one sidebar of every language's pages, one search index); the order alternates.

| round | load | order | with \`locales\` (peak RSS) | without | with / without |
|---|---|---|---|---|---|
${locRounds.join('\n')}

Checked on the build with locales (and the opposite on the one without): \`<html lang dir>\` on each locale's \`guide\` page (\`rtl\` for ar and fa); on every English page of \`guide/group-0\`, hreflang lists exactly the locales that have the page, and \`x-default\`; the Japanese \`guide\` page's sidebar links to Japanese pages only (${loc.rounds[0].checks.locales.sidebarLinks} links; without locales ${loc.rounds[0].checks.plain.sidebarLinks}); one search index per locale, and the share of the language's words found as terms in its index (with locales: ${Object.entries(
    loc.rounds[0].checks.locales.cjk,
  )
    .map(([l, v]) => `${l} ${v}`)
    .join(', ')}; in the one index without: ${Object.entries(loc.rounds[0].checks.plain.cjk)
    .map(([l, v]) => `${l} ${v}`)
    .join(', ')}).

## 2. Versions

${n(ver.size)} docs pages (bench/corpus.js's tutorials and examples, a seed each) as \`v2/\`, \`v1/\`, \`ja/v2/\` and \`ja/v1/\`, with \`locales: ['en', 'ja']\` and \`theme.versions: [{ dir: 'v2' }, { dir: 'v1' }]\`. Hugo builds the same folder (bench/hugo, no languages configured). Each round: Hugo cold; sitegen cold; a sentence appended to \`${ver.body.path}\` (first edit), then a second (the steady state, goal 2's figure); the edit undone; the title of \`${ver.title.path}\` changed, then restored; Hugo cold. Times with the ratio to the mean of the round's two Hugo builds:

| round | load | Hugo cold (mean) | sitegen cold | first body edit | body edit | edit undone | title edit | title undone |
|---|---|---|---|---|---|---|---|---|
${verRounds.join('\n')}

Pages rendered and taken over (the build's summary) and output files changed (\`--changes\`, \`_sitegen/builds/\` counted in the total only), round ${ver.rounds.length - 1}:

| build | rendered | taken over | files changed | the edited page's | its content API file | search indexes | other pages whose files changed, by folder | other files |
|---|---|---|---|---|---|---|---|---|
${counts.join('\n')}

- The body edit changed ${list(last.changes.edit.own)} of the page, its content API file ${list(last.changes.edit.api)}, the search index ${list(last.changes.edit.search)}, the build manifests ${list(last.changes.edit.builds)}, and ${last.changes.edit.other.length + Object.values(last.changes.edit.pages).reduce((a, b) => a + b, 0) ? `other files: ${list(last.changes.edit.other)}, other pages: ${JSON.stringify(last.changes.edit.pages)}` : 'nothing else'} (most files changed by a body edit in any round: ${maxBy('edit', (c) => c.total)}).
- Compared file by file in round 0 (\`_sitegen/builds/\` left out): after the second edit ${editFiles.count} files differ from the cold output (${list([...editFiles.added.map((f) => `+${f}`), ...editFiles.removed.map((f) => `-${f}`), ...editFiles.changed])}); of which not listed by \`--changes\`: ${list(c0.files.unlisted)}; after the edit was undone ${c0.files.undone.count}, after the title edit was undone ${c0.files.titleUndone.count} (both expected 0).
- The title edit in \`v2\` rendered ${n(last.t.title.rendered)} pages again and changed the files of ${GROUPS.map((g) => `${maxBy('title', (c) => c.pages[g])} in ${g}`).join(', ')} (the most in any round): ${titleV1} pages of the older version, v1 and ja/v1, changed.
`;
}

checkTools();
execFileSync(process.execPath, [join(ROOT, 'scripts/compile.js')], { stdio: 'inherit' });
mkdirSync(CACHE, { recursive: true });
const loc = await benchLocales();
await clear(loc.work, true);
if (process.argv.includes('--locales')) {
  const ratios = loc.rounds.map((x) => x.ratio.toFixed(2)).join(', ');
  console.log(`goal 1: with locales / without, median ${loc.ratio.toFixed(2)} over ${loc.rounds.length} rounds (${ratios})`);
  process.exit(0);
}
const ver = await benchVersions();
await clear(ver.work, false);
const text = report(loc, ver, machine());
if (!quick) writeFileSync(join(ROOT, 'docs/bench/languages.md'), text);
console.log(text);
