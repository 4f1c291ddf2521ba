/**
 * The writer of a new output folder: a file with the same bytes as in the previous output is a
 * hard link to it (its inode and modification time carried over); any other is a new file, and
 * nothing outside the folder ever changes through it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsWriter, isPlain, joinPlain } from '../../../src/output/writer.ts';

let dir: string;
let previous: string;
let root: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-writer-'));
  previous = join(dir, 'previous');
  root = join(dir, 'next');
  mkdirSync(join(previous, 'blog/post'), { recursive: true });
  mkdirSync(root);
  writeFileSync(join(previous, 'blog/post/index.html'), 'the same page');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('FsWriter', () => {
  it('links a file whose bytes are those of the previous output, and reports it unchanged', async () => {
    const before = statSync(join(previous, 'blog/post/index.html'));
    const writer = new FsWriter(root, undefined, previous);
    expect(writer.writeSync('blog/post/index.html', 'the same page')).toBe(13);
    const after = statSync(join(root, 'blog/post/index.html'));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(writer.changed).toEqual([]);
    expect(writer.written.get('blog/post/index.html')).toBe(13);
  });

  it('writes a new file for new bytes, of the same size or not, and never through the previous one', async () => {
    const writer = new FsWriter(root, undefined, previous);
    writer.writeSync('blog/post/index.html', 'the samE page');
    await writer.write('blog/other/index.html', 'another page');
    expect(read('blog/post/index.html')).toBe('the samE page');
    expect(readFileSync(join(previous, 'blog/post/index.html'), 'utf8')).toBe('the same page');
    expect(statSync(join(root, 'blog/post/index.html')).ino).not.toBe(statSync(join(previous, 'blog/post/index.html')).ino);
    expect(writer.changed.sort()).toEqual(['blog/other/index.html', 'blog/post/index.html']);
  });

  it('never writes through a file linked earlier in the same build, when the path is written again', () => {
    const writer = new FsWriter(root, undefined, previous);
    writer.writeSync('blog/post/index.html', 'the same page'); // linked: the previous output's inode
    writer.writeSync('blog/post/index.html', 'a plugin writes it over');
    expect(read('blog/post/index.html')).toBe('a plugin writes it over');
    expect(readFileSync(join(previous, 'blog/post/index.html'), 'utf8')).toBe('the same page');
    writer.linkSync('blog/post/index.html', join(previous, 'blog/post/index.html'));
    expect(read('blog/post/index.html')).toBe('the same page');
  });

  it('writes every file anew without a previous output', () => {
    const writer = new FsWriter(root);
    writer.writeSync('blog/post/index.html', 'the same page');
    expect(statSync(join(root, 'blog/post/index.html')).nlink).toBe(1);
    expect(writer.changed).toEqual(['blog/post/index.html']);
  });

  it('refuses a path that leads outside the folder', () => {
    const writer = new FsWriter(root);
    expect(() => writer.writeSync('../escape.html', 'x')).toThrow(/outside the output folder/);
  });
});

describe('plain paths', () => {
  it('joins a plain relative path as path.resolve would', () => {
    for (const path of ['a.html', 'blog/post/index.html', '_sitegen/x.1234.js']) {
      expect(isPlain(path)).toBe(true);
      expect(joinPlain('/out', path)).toBe(resolve('/out', path));
    }
    for (const path of ['/abs', 'a//b', './a', 'a/../b', 'dir/', 'a/.']) expect(isPlain(path)).toBe(false);
  });
});
