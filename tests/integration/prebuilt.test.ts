/**
 * The default theme ships compiled (lib/prebuilt/, src/prebuild.ts): a project on it runs no
 * esbuild in its first build, and gets the same bytes as a project that compiles its own. A
 * project whose packages could resolve elsewhere (its own React, a TypeScript `paths` map)
 * compiles its own.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREBUILT_DIR } from '../../src/cache/memo.ts';
import { resolvesAsPrebuilt } from '../../src/resolve.ts';
import { ROOT, listFiles, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let parent: string;
const builds: Record<string, CliResult> = {};
const roots: Record<string, string> = {};

/** A bare project (no site/, no config): a folder of markdown, plus whatever `extra` adds. */
function project(name: string, extra?: (root: string) => void): string {
  const root = join(parent, name);
  for (const [file, title] of [
    ['index.md', 'Home'],
    ['guide/install.md', 'Install'],
    ['guide/usage.md', 'Usage'],
  ]) {
    mkdirSync(join(root, 'content', file, '..'), { recursive: true });
    writeFileSync(
      join(root, 'content', file),
      `---\ntitle: ${title}\n---\n\n# ${title}\n\nSee [usage](/guide/usage).\n\n\`\`\`bash\nnpm install ferrygate\n\`\`\`\n`,
    );
  }
  extra?.(root);
  return root;
}

/** The compile records a project's own cache holds (`templates`, `plugin` …). */
function ownRecords(root: string): string[] {
  const dir = join(root, '.sitegen-cache/compiled');
  return existsSync(dir)
    ? readdirSync(dir)
        .map((name) => name.split('.')[0])
        .sort()
    : [];
}

beforeAll(async () => {
  parent = tempDir('sitegen-prebuilt-');
  roots.bare = project('bare');
  // A TypeScript config that could map a bare import anywhere: the project compiles its own.
  roots.paths = project('paths', (root) =>
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { react: ['./vendor/react'] } } })),
  );
  // A tsconfig.json without paths changes nothing.
  roots.plain = project('plain', (root) => writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } })));
  for (const [name, root] of Object.entries(roots)) builds[name] = await runCli(['build', '--root', root]);
}, 120_000);

afterAll(() => remove(parent));

describe('the prebuilt default theme', () => {
  it('is compiled with sitegen', () => {
    const names = readdirSync(join(PREBUILT_DIR, 'compiled'))
      .map((name) => name.split('.')[0])
      .sort();
    const plugins = readdirSync(join(ROOT, 'templates/plugins')).filter((name) => name.endsWith('.ts'));
    expect(plugins.length).toBeGreaterThanOrEqual(5);
    expect(names).toEqual([...plugins.map(() => 'plugin'), 'runtime', 'stylesheets', 'templates']);
  });

  it('is what a bare project builds with: no compile records of its own', () => {
    expect(builds.bare.code, builds.bare.stderr).toBe(0);
    expect(ownRecords(roots.bare)).toEqual([]);
    expect(builds.plain.code, builds.plain.stderr).toBe(0);
    expect(ownRecords(roots.plain)).toEqual([]);
  });

  it('is not used where a TypeScript paths map could resolve a package elsewhere', () => {
    expect(builds.paths.code, builds.paths.stderr).toBe(0);
    // The theme's bundle and the built-in plugins compiled here; the stylesheet and runtime import no package.
    expect(ownRecords(roots.paths)).toEqual(['plugin', 'plugin', 'templates']);
  });

  it('gives the same bytes as the project compiling its own', () => {
    const files = listFiles(join(roots.bare, 'dist'));
    expect(files).toContain('guide/install/index.html');
    expect(listFiles(join(roots.paths, 'dist'))).toEqual(files);
    for (const file of files) expect(readFileSync(join(roots.paths, 'dist', file)), file).toEqual(readFileSync(join(roots.bare, 'dist', file)));
  });
});

describe('resolvesAsPrebuilt', () => {
  const react = join(ROOT, 'node_modules/react');

  it("holds where the packages resolve to sitegen's own copies", () => {
    const root = tempDir('sitegen-resolve-');
    expect(resolvesAsPrebuilt(root, [react])).toBe(true);
    expect(resolvesAsPrebuilt(join(ROOT, 'site'), [react])).toBe(true);
    remove(root);
  });

  it('fails where the project has a copy of its own', () => {
    const root = tempDir('sitegen-resolve-');
    mkdirSync(join(root, 'node_modules/react'), { recursive: true });
    writeFileSync(join(root, 'node_modules/react/package.json'), '{"name":"react","version":"0.0.0"}');
    expect(resolvesAsPrebuilt(join(root, 'a/b'), [react])).toBe(false);
    remove(root);
  });

  it('fails where a jsconfig.json could map imports', () => {
    const root = tempDir('sitegen-resolve-');
    writeFileSync(join(root, 'jsconfig.json'), '{ "extends": "./base.json" }');
    expect(resolvesAsPrebuilt(root, [react])).toBe(false);
    remove(root);
  });
});
