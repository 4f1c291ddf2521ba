/**
 * Writing into a folder that holds an earlier output (the spare), in place: files are
 * overwritten where they are, but nothing outside the folder may ever change through them.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsWriter, isPlain, joinPlain } from '../../../src/output/writer.ts';

let dir: string;
let root: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-writer-'));
  root = join(dir, 'out');
  mkdirSync(join(root, 'blog/post'), { recursive: true });
  writeFileSync(join(root, 'blog/post/index.html'), 'the earlier page, longer than the new one');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('FsWriter in place', () => {
  it('overwrites an existing file in its own inode, cutting what was longer', async () => {
    const inode = statSync(join(root, 'blog/post/index.html')).ino;
    const writer = new FsWriter(root, 4, undefined, true);
    expect(writer.writeSync('blog/post/index.html', 'new page')).toBe(8);
    expect(read('blog/post/index.html')).toBe('new page');
    expect(statSync(join(root, 'blog/post/index.html')).ino).toBe(inode);
    await writer.write('blog/post/index.html', 'the async writer, longer than before it was');
    expect(read('blog/post/index.html')).toBe('the async writer, longer than before it was');
    expect(statSync(join(root, 'blog/post/index.html')).ino).toBe(inode);
    expect(writer.written.get('blog/post/index.html')).toBe(43);
  });

  it('creates what is missing, folders included', async () => {
    const writer = new FsWriter(root, 4, undefined, true);
    writer.writeSync('docs/new/index.html', 'a new page');
    await writer.write('docs/other/index.html', 'another');
    expect(read('docs/new/index.html')).toBe('a new page');
    expect(read('docs/other/index.html')).toBe('another');
  });

  it('never writes through a file linked from elsewhere (the live output, a source)', async () => {
    const outside = join(dir, 'outside.html');
    writeFileSync(outside, 'must stay');
    linkSync(outside, join(root, 'shared.html'));
    linkSync(outside, join(root, 'shared-async.html'));
    const writer = new FsWriter(root, 4, undefined, true);
    writer.writeSync('shared.html', 'new content');
    await writer.write('shared-async.html', 'new content too');
    expect(readFileSync(outside, 'utf8')).toBe('must stay');
    expect(read('shared.html')).toBe('new content');
    expect(read('shared-async.html')).toBe('new content too');
    expect(statSync(outside).nlink).toBe(1);
  });

  it('links over an existing file without touching the file it held', () => {
    const earlier = join(dir, 'earlier.json');
    writeFileSync(earlier, 'earlier');
    linkSync(earlier, join(root, 'api.json'));
    const source = join(dir, 'source.json');
    writeFileSync(source, 'linked');
    const writer = new FsWriter(root, 4, undefined, true);
    expect(writer.linkSync('api.json', source)).toBe(6);
    expect(read('api.json')).toBe('linked');
    expect(readFileSync(earlier, 'utf8')).toBe('earlier');
  });

  it('replaces a folder where a file goes, and a file where a folder goes', () => {
    writeFileSync(join(root, 'feed'), 'a file where a folder is needed');
    const writer = new FsWriter(root, 4, undefined, true);
    writer.writeSync('blog/post', 'now a file');
    writer.writeSync('feed/index.xml', '<feed/>');
    expect(read('blog/post')).toBe('now a file');
    expect(read('feed/index.xml')).toBe('<feed/>');
  });
});

describe('plain paths (the file names a build makes, joined without normalising)', () => {
  const names = [
    'index.html',
    'blog/post/index.html',
    'api/_content/query/ab12.0123456789ab.json',
    'a..b/c',
    'x.json',
    '.well-known/x',
    'a/.b',
    '',
    '/abs',
    'a/',
    'a//b',
    './a',
    'a/./b',
    '../a',
    'a/../../b',
    'a/..',
    'a/.',
    '.',
    '..',
    'a.',
    'a\u0000b',
    '//x',
  ];
  it('are joined exactly as path.resolve would, and nothing else is taken for one', () => {
    for (const name of names) {
      if (isPlain(name)) expect(`${root}/${name}`, name).toBe(resolve(root, name));
      expect(joinPlain(root, name), name).toBe(join(root, name));
    }
    expect(names.filter(isPlain)).toEqual([
      'index.html',
      'blog/post/index.html',
      'api/_content/query/ab12.0123456789ab.json',
      'a..b/c',
      'x.json',
      '.well-known/x',
      'a/.b',
    ]);
  });
  it('still refuses to write outside the folder', () => {
    const out = new FsWriter(root);
    for (const name of ['../escape.html', 'a/../../escape.html']) expect(() => out.writeSync(name, 'x'), name).toThrow(/outside the output folder/);
  });
});
