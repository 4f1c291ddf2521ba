/**
 * A site outside the repository, as a user who installed sitegen has it: `node_modules/react-sitegen`
 * (a symlink to this package) beside react and the type packages, as npm hoists them. It must
 * type-check against the package's exported types and build through the installed CLI.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, html, remove, tempDir } from '../helpers.ts';

let dir: string;

function run(file: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const tsc = (cwd: string) => run(join(ROOT, 'node_modules/typescript/bin/tsc'), ['-p', 'tsconfig.json'], cwd);

beforeAll(() => {
  dir = tempDir('sitegen-outside-');
  expect(dir.startsWith(ROOT)).toBe(false);
  cpSync(join(FIXTURES, 'external'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules/react-sitegen'), 'dir');
  symlinkSync(join(ROOT, 'node_modules/react'), join(dir, 'node_modules/react'), 'dir');
  for (const name of ['react', 'node']) symlinkSync(join(ROOT, 'node_modules/@types', name), join(dir, 'node_modules/@types', name), 'dir');
});
afterAll(() => remove(dir));

describe('package entry points, from a site outside the repository', () => {
  it('type-checks pages, islands and a plugin against `react-sitegen` and `react-sitegen/templates`', async () => {
    const result = await tsc(dir);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('reports a config of the wrong shape as a type error (the types are real, not any)', async () => {
    const bad = tempDir('sitegen-outside-bad-');
    try {
      cpSync(dir, bad, { recursive: true, verbatimSymlinks: true });
      writeFileSync(join(bad, 'site/bad.ts'), "import { defineConfig } from 'react-sitegen';\nexport default defineConfig({ url: 42 });\n");
      const result = await tsc(bad);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toContain("site/bad.ts(2,31): error TS2322: Type 'number' is not assignable to type 'string'.");
    } finally {
      remove(bad);
    }
  });

  it('imports the public API at run time from Node too', async () => {
    writeFileSync(
      join(dir, 'probe.mjs'),
      "const m = await import('react-sitegen'); console.log(['defineConfig', 'pageTitle', 'canonicalUrl', 'setTag', 'docsSection'].map((k) => typeof m[k]).join(','));\n",
    );
    const result = await run(join(dir, 'probe.mjs'), [], dir);
    expect(result.stdout.trim()).toBe('function,function,function,function,function');
  });

  it('builds through the installed CLI with a plugin that uses only the public helpers', async () => {
    const out = join(dir, 'dist');
    const result = await run(join(dir, 'node_modules/react-sitegen/bin/sitegen.js'), ['build', '--out', out], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const start = html(out, 'guide/basics/start/index.html');
    expect(start.querySelector('meta[name="stamp"]')?.getAttribute('content')).toBe(
      'outside|Start here | Outside|Basics|https://outside.example.com/guide/basics/start',
    );
    const home = html(out, 'index.html');
    expect(home.querySelector('h1#outside-home')?.text).toBe('Outside home');
    expect(home.querySelector('#first-post-date')?.text).toBe('May 6, 2024');
    expect(home.querySelectorAll('#posts article a').map((a) => a.getAttribute('href'))).toContain('/blog/2024/05/06/outside-post');
    expect(home.querySelector('#greeting')?.text).toBe('Hello outside (0)');
  });

  it('builds the typed paths() and paginate() pages of docs/pages.md (PathsContext, Pagination from react-sitegen)', () => {
    const out = join(dir, 'dist');
    expect(html(out, 'products/storm-lantern/index.html').querySelector('main h1')?.text).toBe('Storm lantern');
    expect(html(out, 'products/storm-lantern/index.html').querySelector('title')?.text).toBe('Storm lantern | Outside');
    expect(
      html(out, 'catalog/index.html')
        .querySelectorAll('main a')
        .map((a) => [a.text, a.getAttribute('href')]),
    ).toEqual([
      ['Mooring line', '/products/mooring-line'],
      ['Next', '/catalog/page/2'],
    ]);
    expect(
      html(out, 'catalog/page/2/index.html')
        .querySelectorAll('main a')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/products/storm-lantern']);
  });
});

describe('the built-in plugins', () => {
  it('import nothing from the generator but its public entry point', () => {
    const dirPath = join(ROOT, 'templates/plugins');
    for (const name of readdirSync(dirPath)) {
      const source = readFileSync(join(dirPath, name), 'utf8');
      expect(source, name).not.toMatch(/from '\.\.\/\.\.\/src\//);
    }
  });
});
