#!/usr/bin/env node
// Rebuilds against cold builds, on random edits: a site is edited at random (nothing at all,
// bodies, titles, dates, tags, drafts, added, removed and renamed files, partials, public files,
// templates, data, the config, batches of files, a folder written afresh, a return to an earlier
// state) and rebuilt in place after each step, with its cache and its previous output, as a
// writer's machine would; the same sources are also built cold in a fresh folder. The two outputs must be the same bytes (build
// ids aside), the two builds must succeed or fail together and print the same problems.
//
// With --dev the edits go to a running `sitegen dev` instead, as a writer's would: after each
// step, every route a cold build with drafts prerenders must be served by dev with the HTML that
// build wrote (normalised as tests/integration/dev-equals-build.test.ts does: build id, reload
// client, search index link, drafts flag), within 15 seconds of the edit, and a route the cold
// build no longer has must no longer be served as a page.
//
//   node scripts/rebuild-fuzz.js [--seed 1] [--steps 20] [--site bundled|basic|<content folder>] [--dev]
//
// `bundled` is the Ferrygate site, `basic` a test fixture, a folder a bare root with that content
// (`node bench/corpus.js <dir> 2000` makes one). Checks are set to `warn`, so an edit that breaks
// a link keeps the site building. The same seed makes the same edits. Exit code 1 on the first
// difference, with the step's edits and the differing files; the folders stay for a look.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SITEGEN = join(ROOT, 'bin/sitegen.js');
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    steps: { type: 'string', default: '20' },
    site: { type: 'string', default: 'bundled' },
    dev: { type: 'boolean', default: false },
  },
});
const steps = Number(values.steps);

// A small linear congruential generator: the same seed, the same edits.
let state = Number(values.seed) || 1;
const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = (list) => list[Math.floor(random() * list.length)];
const WORDS = 'ferry webhook tunnel retry signature header payload queue worker route channel bin cron delivery'.split(' ');
const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');

const work = mkdtempSync(join(tmpdir(), 'sitegen-rebuild-fuzz-'));
const site = join(work, 'site');
const SOURCES = ['site', 'content'];
mkdirSync(site);
if (values.site === 'bundled') {
  for (const dir of SOURCES) cpSync(join(ROOT, dir), join(site, dir), { recursive: true });
} else if (values.site === 'basic') {
  cpSync(join(ROOT, 'tests/fixtures/basic'), site, { recursive: true, filter: (path) => basename(path) !== '.sitegen-cache' });
} else {
  cpSync(resolve(values.site), join(site, 'content'), { recursive: true });
  mkdirSync(join(site, 'site'));
  writeFileSync(join(site, 'site/config.ts'), "import { defineConfig } from 'sitegen';\n\nexport default defineConfig({\n  name: 'Corpus',\n});\n");
}
const configFile = join(site, 'site/config.ts');
writeFileSync(
  configFile,
  readFileSync(configFile, 'utf8').replace(
    'defineConfig({',
    "defineConfig({\n  checks: { links: 'warn', anchors: 'warn', images: 'warn', duplicates: 'warn', slugs: 'warn', dates: 'warn' },",
  ),
);

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}
const documents = () => walk(join(site, 'content')).filter((f) => f.endsWith('.md') && !f.includes('/_'));
const withField = (field) => documents().filter((f) => new RegExp(`^${field}:`, 'm').test(readFileSync(f, 'utf8')));
const change = (file, edit) => writeFileSync(file, edit(readFileSync(file, 'utf8')));
const name = (file) => relative(site, file);
const snapshots = [];

/** Each edit returns what it did, or undefined when the site has nothing it applies to. */
const EDITS = {
  nothing: () => 'nothing changed',
  body: () => {
    const f = pick(documents());
    change(f, (t) => `${t}\n\n${words(12)}.\n`);
    return `body of ${name(f)}`;
  },
  title: () => {
    const f = pick(withField('title'));
    if (!f) return;
    change(f, (t) => t.replace(/^title:\s*(.*)$/m, (_, v) => `title: "${v.replace(/["']/g, '')} ${pick(WORDS)}"`));
    return `title of ${name(f)}`;
  },
  description: () => {
    const f = pick(withField('description'));
    if (!f) return;
    change(f, (t) => t.replace(/^description:.*$/m, `description: "${words(8)}"`));
    return `description of ${name(f)}`;
  },
  date: () => {
    const f = pick(withField('date'));
    if (!f) return;
    const date = `${2019 + Math.floor(random() * 6)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    change(f, (t) => t.replace(/^date:.*$/m, `date: ${date}`));
    return `date of ${name(f)}`;
  },
  tags: () => {
    const f = pick(withField('tags'));
    if (!f) return;
    change(f, (t) => t.replace(/^tags:.*$/m, `tags: [${pick(WORDS)}, ${pick(WORDS)}]`));
    return `tags of ${name(f)}`;
  },
  draft: () => {
    const f = pick(documents());
    if (!readFileSync(f, 'utf8').startsWith('---\n')) return;
    change(f, (t) => (/^draft: true$/m.test(t) ? t.replace(/^draft: true\n/m, '') : t.replace(/^---\n/, '---\ndraft: true\n')));
    return `draft flag of ${name(f)}`;
  },
  add: () => {
    const f = pick(documents());
    const copy = join(dirname(f), `${basename(f, '.md')}-copy${Math.floor(random() * 1000)}.md`);
    writeFileSync(
      copy,
      readFileSync(f, 'utf8')
        .replace(/^title:\s*(.*)$/m, (_, v) => `title: "Copy of ${v.replace(/["']/g, '')}"`)
        .replace(/^slug:.*\n/m, ''),
    );
    return `added ${name(copy)}`;
  },
  remove: () => {
    const list = documents();
    if (list.length < 20) return;
    const f = pick(list);
    rmSync(f);
    return `removed ${name(f)}`;
  },
  rename: () => {
    const f = pick(documents());
    renameSync(f, join(dirname(f), `renamed-${Math.floor(random() * 1000)}-${basename(f)}`));
    return `renamed ${name(f)}`;
  },
  touch: () => {
    const f = pick(documents());
    const t = new Date(Date.now() + Math.floor(random() * 100_000));
    utimesSync(f, t, t);
    return `touched ${name(f)}`;
  },
  batch: () => {
    const list = documents();
    const count = Math.ceil(list.length * (0.05 + random() * 0.2));
    for (let i = 0; i < count; i++) change(pick(list), (t) => `${t}\n\n${words(6)}.\n`);
    return `${count} bodies`;
  },
  partial: () => {
    const f = pick(walk(join(site, 'content')).filter((x) => x.includes('/_') && x.endsWith('.md')));
    if (!f) return;
    change(f, (t) => `${t}\n${words(6)}\n`);
    return `partial ${name(f)}`;
  },
  publicFile: () => {
    const dir = join(site, 'site/public');
    const files = walk(dir).filter((x) => /\.(txt|css|svg|json|xml)$/.test(x));
    if (!files.length || random() < 0.3) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `fuzz-${Math.floor(random() * 5)}.txt`), words(5));
      return 'a public file written';
    }
    const f = pick(files);
    change(f, (t) => `${t} `);
    return `public file ${name(f)}`;
  },
  template: () => {
    const f = pick(walk(join(site, 'site')).filter((x) => x.endsWith('.tsx') && /className="/.test(readFileSync(x, 'utf8'))));
    if (!f) return;
    change(f, (t) => t.replace(/className="([^"]*)"/, (_, v) => `className="${v} fuzz${Math.floor(random() * 100)}"`));
    return `template ${name(f)}`;
  },
  config: () => {
    if (!/description: '/.test(readFileSync(configFile, 'utf8'))) return;
    change(configFile, (t) => t.replace(/description: '([^']*)'/, (_, v) => `description: '${v.replace(/ \w+$/, '')} ${pick(WORDS)}'`));
    return 'config description';
  },
  data: () => {
    const f = pick(walk(join(site, 'site/data')).filter((x) => x.endsWith('.json')));
    if (!f) return;
    change(f, (t) => t.replace(/"([A-Za-z][^"]{3,40})"(?=\s*[,\n}])/, (_, v) => `"${v} ${pick(WORDS)}"`));
    return `data ${name(f)}`;
  },
  folder: () => {
    // Written afresh, at once (a script that regenerates a reference folder): one document in it changed.
    const dirs = walk(join(site, 'content'))
      .map((f) => dirname(f))
      .filter((d) => d !== join(site, 'content'));
    if (!dirs.length) return;
    const dir = pick([...new Set(dirs)]);
    const copy = join(work, 'folder-copy');
    cpSync(dir, copy, { recursive: true });
    const doc = walk(copy).find((f) => f.endsWith('.md'));
    if (doc) change(doc, (t) => `${t}\n\n${words(8)}.\n`);
    rmSync(dir, { recursive: true });
    cpSync(copy, dir, { recursive: true });
    rmSync(copy, { recursive: true });
    return `folder ${name(dir)} written afresh`;
  },
  revert: () => {
    if (snapshots.length < 2) return;
    const snapshot = pick(snapshots.slice(0, -1));
    for (const dir of SOURCES) {
      rmSync(join(site, dir), { recursive: true, force: true });
      cpSync(join(snapshot, dir), join(site, dir), { recursive: true });
    }
    return `back to ${basename(snapshot)}`;
  },
};

function build(dir, ...args) {
  const run = spawnSync(process.execPath, [SITEGEN, 'build', '--quiet', ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}
/** The problems a build printed, in order of file. */
const problems = (output) =>
  output
    .split('\n')
    .filter((line) => /\[SG\d+\]/.test(line))
    .sort()
    .join('\n');
const buildIdOf = (out) => {
  try {
    return JSON.parse(readFileSync(join(out, '_sitegen/builds/latest.json'), 'utf8')).id;
  } catch {
    return '(none)';
  }
};
/** Every file of an output but the per-build ones (`_sitegen/builds/`): nothing else names the build. */
function files(out) {
  const all = new Map();
  if (!existsSync(join(out, 'index.html'))) return all;
  for (const file of walk(out)) {
    const rel = relative(out, file);
    if (!rel.startsWith('_sitegen/builds/')) all.set(rel, readFileSync(file, 'latin1'));
  }
  return all;
}
function snapshot(step) {
  const dir = join(work, `step-${step}`);
  for (const source of SOURCES) if (existsSync(join(site, source))) cpSync(join(site, source), join(dir, source), { recursive: true });
  snapshots.push(dir);
}

/** One step's edits: one or two that apply to the site. */
function edit() {
  const did = [];
  for (let n = 1 + Math.floor(random() * 2); did.length < n; ) {
    const done = EDITS[pick(Object.keys(EDITS))]();
    if (done) did.push(done);
  }
  return did;
}
/** The sources as they are now, built cold (with `args`) in a fresh folder. */
function coldBuild(step, ...args) {
  const dir = join(work, `cold-${step}`);
  for (const source of SOURCES) if (existsSync(join(site, source))) cpSync(join(site, source), join(dir, source), { recursive: true });
  return { dir, ...build(dir, ...args) };
}

// On the first difference the folders stay for a look.
if (!(values.dev ? await devSteps() : rebuildSteps())) process.exit(1);
rmSync(work, { recursive: true, force: true });

function rebuildSteps() {
  const first = build(site);
  if (first.code !== 0) throw new Error(`the site does not build to begin with:\n${first.output}`);
  snapshot(0);
  console.log(`seed ${values.seed}, ${steps} steps, in ${work}`);
  for (let step = 1; step <= steps; step++) {
    const did = edit();
    const warm = build(site);
    snapshot(step);
    const cold = coldBuild(step);
    const coldSite = cold.dir;
    const a = files(join(site, 'dist'));
    const b = files(join(coldSite, 'dist'));
    const differ = warm.code === 0 ? [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)) : [];
    const printed = problems(warm.output) === problems(cold.output);
    const same = warm.code === cold.code && !differ.length && printed;
    console.log(`step ${step}: ${did.join('; ')}: ${warm.code === 0 ? `${a.size} files` : `failed (${warm.code})`} ${same ? 'same as cold' : 'DIFFERENT'}`);
    if (!same) {
      if (warm.code !== cold.code)
        console.log(`rebuild exit code ${warm.code}, cold build ${cold.code}:\n${warm.output.slice(-2000)}\n---\n${cold.output.slice(-2000)}`);
      for (const file of differ.slice(0, 10)) console.log(`  ${file}${a.has(file) ? '' : ' (cold build only)'}${b.has(file) ? '' : ' (rebuild only)'}`);
      if (!printed) console.log(`problems printed by the rebuild:\n${problems(warm.output)}\nby the cold build:\n${problems(cold.output)}`);
      console.log(`the rebuilt site is in ${site}, the cold one in ${coldSite}`);
      return false;
    }
    rmSync(coldSite, { recursive: true, force: true });
  }
  console.log('every rebuild was the same as its cold build');
  return true;
}

async function devSteps() {
  const CLIENT = '\n<script type="module" src="/_sitegen/dev/client.js"></script>';
  const normalise = (page) => page.split(CLIENT).join('').replace(' data-drafts', '');
  const routeFile = (path) => (path.endsWith('.html') ? path.slice(1) : path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  const server = spawn(process.execPath, [SITEGEN, 'dev', '--port', '0'], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  server.stdout.on('data', (data) => (said += data));
  server.stderr.on('data', (data) => (said += data));
  const exited = new Promise((resolve) => server.on('exit', resolve));
  try {
    let url;
    for (const deadline = Date.now() + 60_000; !(url = /http:\/\/[\w.:[\]]+/.exec(said)?.[0]); ) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`sitegen dev did not start:\n${said}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    /** What dev serves differently from the cold build in `out`; `gone`: routes dev must no longer serve as pages. */
    const differences = async (out, gone) => {
      const id = buildIdOf(out);
      const routes = JSON.parse(readFileSync(join(out, `_sitegen/builds/meta/${id}.json`), 'utf8')).prerendered;
      const differ = [];
      for (const path of routes) {
        const response = await fetch(`${url}${path}`);
        const served = normalise(await response.text());
        const built = normalise(readFileSync(join(out, routeFile(path)), 'utf8'));
        if (response.status === 200 && served === built) continue;
        let at = 0;
        while (served[at] === built[at]) at++;
        differ.push(
          `${path} (${response.status})${differ.length ? '' : `\n    dev:   …${served.slice(Math.max(0, at - 120), at + 120)}…\n    build: …${built.slice(Math.max(0, at - 120), at + 120)}…`}`,
        );
      }
      for (const path of gone) {
        const response = await fetch(`${url}${path}`);
        await response.arrayBuffer();
        if (response.status === 200) differ.push(`${path} (gone from the build, served 200)`);
      }
      return { routes, differ };
    };
    /** Dev catches up within 15 s of an edit, or what it still serves differently. */
    const settle = async (out, gone) => {
      let result;
      for (const deadline = Date.now() + 15_000; ; ) {
        result = await differences(out, gone);
        if (!result.differ.length || Date.now() > deadline) return result;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    console.log(`seed ${values.seed}, ${steps} steps under sitegen dev (${url}), in ${work}`);
    let routes = [];
    for (let step = 0; step <= steps; step++) {
      const did = step ? edit() : ['as it is'];
      snapshot(step);
      const cold = coldBuild(step, '--drafts');
      if (cold.code !== 0) {
        console.log(`step ${step}: ${did.join('; ')}: the cold build failed (${cold.code}), dev not compared`);
        continue;
      }
      const out = join(cold.dir, 'dist');
      const now = JSON.parse(readFileSync(join(out, `_sitegen/builds/meta/${buildIdOf(out)}.json`), 'utf8')).prerendered;
      const gone = routes.filter((path) => !now.includes(path));
      const result = await settle(out, gone).catch((error) => ({
        routes,
        differ: [
          `sitegen dev did not answer: ${error.cause?.message ?? error.message}${server.exitCode !== null ? ` (it exited with ${server.exitCode})` : ''}`,
        ],
      }));
      routes = result.routes;
      const same = !result.differ.length;
      console.log(
        `step ${step}: ${did.join('; ')}: ${routes.length} routes${gone.length ? `, ${gone.length} gone` : ''} ${same ? 'served as built' : 'DIFFERENT'}`,
      );
      if (!same) {
        for (const path of result.differ.slice(0, 10)) console.log(`  ${path}`);
        console.log(`the edited site is in ${site}, the cold build in ${cold.dir}; dev said:\n${said.slice(-3000)}`);
        return false;
      }
      rmSync(cold.dir, { recursive: true, force: true });
    }
    console.log('dev served every step as its cold build');
    return true;
  } finally {
    server.kill();
    await exited;
  }
}
