/**
 * The template, island and stylesheet folders are listed without fast-glob (src/list-files.ts): the same files as the
 * patterns fast-glob was given, in a stable order, for folders with dotfiles, `_` names, links and loops.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/list-files.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-list-files-'));
  const files = [
    'Doc.tsx',
    'Post.jsx',
    'util.ts',
    'types.d.ts',
    'notes.md',
    'theme.css',
    '.hidden.tsx',
    '_Draft.tsx',
    'docs/index.tsx',
    'docs/guide/intro.tsx',
    'docs/_partials/Box.tsx',
    'docs/.cache/x.tsx',
    'blog/[slug].tsx',
    'blog/_helper.tsx',
  ];
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  mkdirSync(join(dir, 'outside/deep'), { recursive: true });
  writeFileSync(join(dir, 'outside/deep/Linked.tsx'), '');
  writeFileSync(join(dir, 'outside/Single.tsx'), '');
  symlinkSync(join(dir, 'outside/deep'), join(dir, 'docs/linked'));
  symlinkSync(join(dir, 'outside/Single.tsx'), join(dir, 'docs/Single.tsx'));
  symlinkSync(join(dir, 'docs'), join(dir, 'docs/guide/loop'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rel = (files: string[]) => files.map((f) => f.slice(dir.length + 1));

describe('listFiles', () => {
  it('lists one folder as fast-glob lists `*.{tsx,jsx,ts,js}` there, sorted', () => {
    const ours = listFiles(dir, { extensions: ['.tsx', '.jsx', '.ts', '.js'] });
    expect(rel(ours)).toEqual(['Doc.tsx', 'Post.jsx', '_Draft.tsx', 'types.d.ts', 'util.ts']);
    expect(ours).toEqual(fg.sync('*.{tsx,jsx,ts,js}', { cwd: dir, absolute: true }).sort());
  });

  it('lists a tree as `**/*.{tsx,jsx}` without `_` names, following links once', () => {
    const ours = rel(listFiles(join(dir, 'docs'), { extensions: ['.tsx', '.jsx'], recursive: true, skipUnderscored: true }));
    expect(ours).toEqual(['docs/Single.tsx', 'docs/guide/intro.tsx', 'docs/index.tsx', 'docs/linked/Linked.tsx']);
    // fast-glob's answer, but for the loop it walks into (docs/guide/loop/...), which is listed once here.
    const theirs = fg.sync('**/*.{tsx,jsx}', { cwd: join(dir, 'docs'), ignore: ['**/_*', '**/_*/**'], absolute: true }).filter((f) => !f.includes('/loop/'));
    expect(ours).toEqual(rel(theirs.sort()));
  });

  it('lists only the endings asked for, and nothing for a missing folder', () => {
    expect(rel(listFiles(dir, { extensions: ['.css'] }))).toEqual(['theme.css']);
    expect(listFiles(join(dir, 'missing'), { extensions: ['.tsx'], recursive: true })).toEqual([]);
  });
});
