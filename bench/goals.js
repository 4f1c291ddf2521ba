#!/usr/bin/env node
// Issue 42's goals ("stable output"), measured side by side with Hugo on bench/corpus.js's corpora.
//
//   node bench/goals.js [--sizes 2000,10000] [--runs 3]      (part of npm run bench)
//   node bench/goals.js --code                               (the code measures alone, printed)
//
// Per size: a warm-up, then `runs` rounds. Each round opens and closes with a Hugo cold build, and
// between them builds a project that never existed (`--root`, the corpus as `--content`): cold,
// nothing changed, two body edits (the first after a cold build has no spare output to write
// into; the second is the steady state), the edit undone, `--force`, then two CI builds (the cache
// folder kept, `dist` and `.dist.sitegen/` gone): one with a page edited, one with nothing edited.
// Times are ratios to the mean of the round's two Hugo builds (the machine is shared and noisy).
// The outputs are compared file by file (the link dereferenced, `_sitegen/builds/` left out).
// Last, the code measures: src/ lines, the longest function, README.md's size.
// Results: docs/bench/goals.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { generateCorpus } from './corpus.js';
import { CACHE, ROOT, checkTools, clear, countPages, diff, flag, fmt, hugo, machine, median, settled, snapshot, timed } from './measure.js';

const sizes = flag('sizes', '2000,10000').split(',').map(Number);
const runs = Number(flag('runs', '3'));
/** Sitegen cold over Hugo cold before issue 42 (docs/bench/results.md of 2026-11-25, commit f78dc96). */
const BASELINE_COLD = { 1000: 3.05, 4000: 1.96, 10000: 1.46, 40000: 1.05 };

async function sitegen(root, corpus, ...extra) {
  await settled(root);
  return timed(process.execPath, [join(ROOT, 'bin/sitegen.js'), 'build', '--quiet', '--root', root, '--content', corpus, ...extra], root);
}

/** The round's output out of the way, as in a fresh CI checkout (moved, not deleted: see run.js, QUIET_MS). */
async function dropOutput(root, trash, names = ['dist', '.dist.sitegen']) {
  await settled(root);
  mkdirSync(trash, { recursive: true });
  for (const name of names) if (existsSync(join(root, name))) renameSync(join(root, name), join(trash, name));
}

function folderBytes(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    n += entry.isDirectory() ? folderBytes(join(dir, entry.name)) : statSync(join(dir, entry.name)).size;
  return n;
}

/**
 * One round at one size. `compare`: take the file-by-file comparisons (hashing every output file
 * costs seconds at 10,000 documents, so larger sizes compare in their first round only).
 */
async function round(ctx, r, compare) {
  const { corpus, work, target, original } = ctx;
  const root = join(work, `round-${r}`);
  const edit = (...sentences) => writeFileSync(target, `${original}${sentences.map((s) => `\n\n${s}\n`).join('')}`);
  const snap = () => (compare ? snapshot(root) : undefined);
  const d = (a, b) => (compare ? diff(a, b) : undefined);
  mkdirSync(root);
  const load = loadavg()[0];
  const t = {};
  const files = {};
  const hugoA = await hugo(corpus, join(work, `hugo-${r}-a`));
  t.cold = await sitegen(root, corpus);
  const pages = countPages(realpathSync(join(root, 'dist')));
  if (pages < ctx.size) throw new Error(`sitegen wrote ${pages} pages for ${ctx.size} files`);
  const cacheMb = folderBytes(join(root, '.sitegen-cache')) / 2 ** 20;
  const s0 = snap();
  t.nothing = await sitegen(root, corpus);
  const s1 = snap();
  files.nothing = d(s0, s1);
  try {
    edit(`Edited in round ${r}.`);
    t.firstEdit = await sitegen(root, corpus);
    const s2 = snap();
    files.firstEdit = d(s1, s2);
    edit(`Edited in round ${r}.`, 'And once more.');
    t.edit = await sitegen(root, corpus);
    const s3 = snap();
    files.edit = d(s2, s3);
    writeFileSync(target, original);
    await sitegen(root, corpus);
    const s4 = snap();
    files.undone = d(s1, s4);
    t.force = await sitegen(root, corpus, '--force');
    files.force = d(s4, snap());
    // CI as docs/deploy.md sets it up: `.sitegen-cache/` and `.dist.sitegen/` restored, no `dist` link.
    await dropOutput(root, join(work, `trash-${r}-a`), ['dist']);
    edit(`Edited in round ${r}.`);
    t.ciEdit = await sitegen(root, corpus);
    const s5 = snap();
    files.ciEdit = d(s4, s5);
    files.ciEditVsLocal = d(s2, s5);
    writeFileSync(target, original);
    await sitegen(root, corpus);
    await dropOutput(root, join(work, `trash-${r}-b`), ['dist']);
    t.ciNothing = await sitegen(root, corpus);
    files.ciNothing = d(s4, snap());
    // CI with `.sitegen-cache/` alone: no output to take bodies from.
    await dropOutput(root, join(work, `trash-${r}-c`));
    edit(`Edited in round ${r}.`);
    t.cacheOnlyEdit = await sitegen(root, corpus);
    files.cacheOnlyEdit = d(s2, snap());
    writeFileSync(target, original);
    await sitegen(root, corpus);
    await dropOutput(root, join(work, `trash-${r}-d`));
    t.cacheOnlyNothing = await sitegen(root, corpus);
    files.cacheOnlyNothing = d(s4, snap());
  } finally {
    writeFileSync(target, original);
  }
  const hugoB = await hugo(corpus, join(work, `hugo-${r}-b`));
  const hugoMs = (hugoA.ms + hugoB.ms) / 2;
  const ratios = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.ms / hugoMs]));
  ratios.ciNothingOverCold = t.ciNothing.ms / t.cold.ms;
  ratios.cacheOnlyNothingOverCold = t.cacheOnlyNothing.ms / t.cold.ms;
  const line = Object.entries(t).map(([k, v]) => `${k} ${fmt(v.ms)} s (${ratios[k].toFixed(2)})`);
  console.log(`  ${ctx.size} round ${r} (load ${load.toFixed(1)}): Hugo ${fmt(hugoA.ms)}/${fmt(hugoB.ms)} s; ${line.join(', ')}`);
  if (compare)
    console.log(
      `  files that differ: ${Object.entries(files)
        .map(([k, v]) => `${k} ${v.count}`)
        .join(', ')}`,
    );
  return { t, ratios, files, load, hugoMs, hugoRssMb: Math.max(hugoA.rssMb, hugoB.rssMb), cacheMb, pages };
}

async function benchSize(size, last) {
  const corpus = join(CACHE, `goals-corpus-${size}`);
  if (!existsSync(corpus)) generateCorpus(corpus, size);
  const work = join(CACHE, `goals-work-${size}`);
  await clear(work, true);
  mkdirSync(work, { recursive: true });
  const blog = join(corpus, 'blog', readdirSync(join(corpus, 'blog')).sort()[0]);
  const target = join(blog, readdirSync(blog).sort()[0]);
  const ctx = { size, corpus, work, target, original: readFileSync(target, 'utf8') };
  console.log(`corpus of ${size} files (edited: ${relative(corpus, target)})`);
  // Warm-up: the corpus in the page cache, both tools' binaries and sitegen's compile cache loaded.
  await hugo(corpus, join(work, 'hugo-warm'));
  mkdirSync(join(work, 'warm'));
  await sitegen(join(work, 'warm'), corpus);
  const rounds = [];
  for (let r = 0; r < runs; r++) rounds.push(await round(ctx, r, r === 0 || size <= 2000));
  await clear(work, !last);
  const compared = rounds.filter((x) => x.files.edit);
  /** Per comparison, the most files that differed in any compared round, with that round's lists. */
  const files = Object.fromEntries(Object.keys(compared[0].files).map((k) => [k, compared.map((x) => x.files[k]).sort((a, b) => b.count - a.count)[0]]));
  const keys = Object.keys(rounds[0].ratios);
  return {
    size,
    runs,
    ms: Object.fromEntries(Object.keys(rounds[0].t).map((k) => [k, median(rounds.map((x) => x.t[k].ms))])),
    ratios: Object.fromEntries(keys.map((k) => [k, median(rounds.map((x) => x.ratios[k]))])),
    hugoMs: median(rounds.map((x) => x.hugoMs)),
    hugoRssMb: Math.max(...rounds.map((x) => x.hugoRssMb)),
    coldRssMb: Math.max(...rounds.map((x) => x.t.cold.rssMb)),
    peakRssMb: Math.max(...rounds.flatMap((x) => Object.values(x.t).map((v) => v.rssMb))),
    cacheMb: median(rounds.map((x) => x.cacheMb)),
    pages: rounds[0].pages,
    load: Math.max(...rounds.map((x) => x.load)),
    edited: relative(corpus, target),
    files,
  };
}

/** Every .ts/.tsx file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** src/ lines (as `wc -l` counts them), the longest functions in src/ (TypeScript's parser), README.md's size. */
async function codeMeasures() {
  const ts = (await import('typescript')).default;
  const files = sources(join(ROOT, 'src'));
  let lines = 0;
  const functions = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').length - 1;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && node.body) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const named = node.name ?? (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent.name : undefined);
        functions.push({ name: named ? named.getText(sf) : '(anonymous)', file: relative(ROOT, file), line: start + 1, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  functions.sort((a, b) => b.lines - a.lines);
  return {
    srcFiles: files.length,
    srcLines: lines,
    longest: functions.slice(0, 5),
    over100: functions.filter((f) => f.lines > 100).length,
    readmeKb: statSync(join(ROOT, 'README.md')).size / 1024,
  };
}

const yes = (ok) => (ok === undefined ? 'n/a' : ok ? 'yes' : '**no**');
const n = (x) => x.toLocaleString('en-US');

function goalsTable(results, code) {
  const small = results.find((r) => r.size === 2000) ?? results[0];
  const big = results.find((r) => r.size === 10000) ?? results.at(-1);
  const at = (r, goal) => (r.size === goal ? '' : ` (at ${n(r.size)}, the goal is set at ${n(goal)})`);
  const f = small.files;
  const editCount = Math.max(f.edit.count, f.firstEdit.count);
  const base = BASELINE_COLD[big.size];
  const r = big.ratios;
  const rows = [
    ['1', `Files that differ after one body edit${at(small, 2000)}`, `${editCount}`, '≤ 15', yes(editCount <= 15)],
    ['2', `Files that differ after a rebuild with nothing changed${at(small, 2000)}`, `${f.nothing.count}`, '0', yes(f.nothing.count === 0)],
    ['2', `Files that differ after \`--force\` with nothing changed${at(small, 2000)}`, `${f.force.count}`, '0', yes(f.force.count === 0)],
    ['3', `One body edit rebuild / Hugo cold${at(big, 10000)}`, `${r.edit.toFixed(2)} (${fmt(big.ms.edit)} s)`, '≤ 0.2', yes(r.edit <= 0.2)],
    ['4', `Nothing-changed rebuild / Hugo cold${at(big, 10000)}`, `${r.nothing.toFixed(3)} (${fmt(big.ms.nothing)} s)`, '≤ 0.05', yes(r.nothing <= 0.05)],
    ['5', `CI build, one page edited / Hugo cold${at(big, 10000)}`, `${r.ciEdit.toFixed(2)} (${fmt(big.ms.ciEdit)} s)`, '≤ 0.3', yes(r.ciEdit <= 0.3)],
    [
      '5',
      `CI build, nothing edited / sitegen cold${at(big, 10000)}`,
      `${r.ciNothingOverCold.toFixed(2)} (${fmt(big.ms.ciNothing)} s)`,
      '≤ 1',
      yes(r.ciNothingOverCold <= 1),
    ],
    [
      '5',
      `CI with \`.sitegen-cache/\` alone, nothing edited / sitegen cold${at(big, 10000)}`,
      `${r.cacheOnlyNothingOverCold.toFixed(2)} (${fmt(big.ms.cacheOnlyNothing)} s)`,
      '≤ 1',
      yes(r.cacheOnlyNothingOverCold <= 1),
    ],
    [
      '6',
      `Cold build / Hugo cold${at(big, 10000)}`,
      `${r.cold.toFixed(2)} (${fmt(big.ms.cold)} s)`,
      base ? `≤ ${base} (before issue 42)` : 'no earlier figure at this size',
      yes(base ? r.cold <= base : undefined),
    ],
    ['6', `sitegen's peak RSS, cold${at(big, 10000)}`, `${Math.round(big.coldRssMb)} MB`, '≤ 600 MB', yes(big.coldRssMb <= 600)],
    ['7', `\`src/\` lines (${code.srcFiles} .ts/.tsx files)`, n(code.srcLines), '≤ 8,500', yes(code.srcLines <= 8500)],
    [
      '7',
      `Longest function in \`src/\`: \`${code.longest[0].name}\`, ${code.longest[0].file}:${code.longest[0].line}`,
      `${code.longest[0].lines} lines`,
      '≤ 100 lines',
      yes(code.longest[0].lines <= 100),
    ],
    ['7', 'README.md', `${code.readmeKb.toFixed(1)} KB`, '≤ 12 KB', yes(code.readmeKb <= 12)],
  ];
  return `| goal | measure | measured | target | met |\n|---|---|---|---|---|\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}\n`;
}

function sizeTable(results) {
  const cell = (r, k) => `${fmt(r.ms[k])} s (**${r.ratios[k].toFixed(2)}**)`;
  const rows = results.map(
    (r) =>
      `| ${n(r.size)} | ${fmt(r.hugoMs)} s, ${Math.round(r.hugoRssMb)} MB | ${cell(r, 'cold')}, ${Math.round(r.coldRssMb)} MB | ${cell(r, 'nothing')} | ${cell(r, 'firstEdit')} | ${cell(r, 'edit')} | ${cell(r, 'force')} | ${cell(r, 'ciEdit')} | ${cell(r, 'ciNothing')}, ${r.ratios.ciNothingOverCold.toFixed(2)} of cold | ${cell(r, 'cacheOnlyEdit')} | ${cell(r, 'cacheOnlyNothing')}, ${r.ratios.cacheOnlyNothingOverCold.toFixed(2)} of cold | ${Math.round(r.peakRssMb)} MB | ${Math.round(r.cacheMb)} MB |`,
  );
  const files = results.map((r) => {
    const c = (k) => r.files[k].count;
    return `| ${n(r.size)} | ${n(r.pages)} | ${c('nothing')} | ${c('firstEdit')} | ${c('edit')} | ${c('undone')} | ${c('force')} | ${c('ciEdit')} | ${c('ciEditVsLocal')} | ${c('ciNothing')} | ${c('cacheOnlyEdit')} | ${c('cacheOnlyNothing')} |`;
  });
  return `Times, medians (ratio to Hugo cold, the median of each round's ratio):

| files | Hugo cold | sitegen cold | nothing changed | first body edit after cold | body edit | \`--force\`, nothing changed | CI, one page edited | CI, nothing edited | CI, cache alone, one page edited | CI, cache alone, nothing edited | sitegen peak RSS, any build | \`.sitegen-cache/\` |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Files that differ (added + removed + changed; the most of any compared round):

| files | pages | nothing changed | first body edit | body edit | edit undone (expected 0) | \`--force\` | CI, one page edited | CI edit against the local rebuild of the same edit (expected 0) | CI, nothing edited | CI, cache alone, against the local rebuild of the same edit (expected 0) | CI, cache alone, nothing edited |
|---|---|---|---|---|---|---|---|---|---|---|---|
${files.join('\n')}
`;
}

function changedLists(results) {
  const out = [];
  for (const r of results) {
    for (const [k, v] of Object.entries(r.files)) {
      if (v.count === 0 || v.count >= 30) continue;
      const list = [...v.added.map((f) => `+ ${f}`), ...v.removed.map((f) => `- ${f}`), ...v.changed.map((f) => `~ ${f}`)];
      out.push(`- ${n(r.size)} files, ${k}: ${list.map((f) => `\`${f}\``).join(', ')}`);
    }
  }
  return out.length ? `The lists (\`+\` added, \`-\` removed, \`~\` changed), where under 30 files:\n\n${out.join('\n')}\n` : '';
}

function report(results, code, meta) {
  return `# Issue 42 goals: stable output

Measured ${meta.date} on ${meta.cpus} cores, ${meta.memGb} GiB, Node ${meta.node}, ${meta.hugo}; sitegen at ${meta.commit}; ${runs} round${runs === 1 ? '' : 's'} per size after a warm-up; the machine's load average (1 minute) at the start of a round was up to ${Math.max(...results.map((r) => r.load)).toFixed(1)}. Each round builds a project that never existed and opens and closes with a Hugo cold build; every time is divided by the mean of those two. Made by \`node bench/goals.js --sizes ${sizes.join(',')} --runs ${runs}\` (\`npm run bench\` runs it after bench/run.js; the goals are set at 2,000 files for the file counts and 10,000 for the times).

${goalsTable(results, code)}
How: the output is compared file by file (\`dist\` dereferenced; \`_sitegen/builds/\` left out, it names the build). A body edit appends a sentence to the end of \`${meta.edited}\`; the first edit after a cold build has no spare output to write into, the second (the figure of goal 3) does. A CI build is set up as [docs/deploy.md](../deploy.md#in-ci) says: \`.sitegen-cache/\` and \`.dist.sitegen/\` kept, the \`dist\` link removed (a fresh checkout has none), then built with one page edited or nothing; \`.sitegen-cache/\` alone: \`.dist.sitegen/\` removed too (moved aside, so no deletion is charged to it). Peak RSS is the largest process's, from \`/usr/bin/time\`.

${sizeTable(results)}
${changedLists(results)}
Longest functions in \`src/\` (from the \`function\` keyword or the parameters to the closing brace; ${code.over100} over 100 lines):

${code.longest.map((f) => `- ${f.lines} lines: \`${f.name}\`, ${f.file}:${f.line}`).join('\n')}
`;
}

if (process.argv.includes('--code')) {
  const { srcFiles, srcLines, longest, over100, readmeKb } = await codeMeasures();
  console.log(`src/: ${srcLines} lines in ${srcFiles} files; README.md ${readmeKb.toFixed(1)} KB; ${over100} functions over 100 lines`);
  for (const f of longest) console.log(`  ${f.lines} lines: ${f.name}, ${f.file}:${f.line}`);
  process.exit(0);
}
checkTools();
execFileSync(process.execPath, [join(ROOT, 'scripts/compile.js')], { stdio: 'inherit' });
mkdirSync(CACHE, { recursive: true });
const results = [];
for (const [i, size] of sizes.entries()) results.push(await benchSize(size, i === sizes.length - 1));
const code = await codeMeasures();
const meta = { ...machine(), edited: results[0].edited };
const text = report(results, code, meta);
writeFileSync(join(ROOT, 'docs/bench/goals.md'), text);
console.log(text);
