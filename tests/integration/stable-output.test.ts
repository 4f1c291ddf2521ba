/**
 * Stable output: no page, payload or content API file carries the build id, so a rebuild changes
 * only the files whose sources changed, says how many, lists them with --changes, and leaves
 * every other file as it was (the same inode: a hard link from the previous generation).
 */
import { cpSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentQueryKey, queryHash } from '../../src/output/manifest.ts';
import { copyFixture, listFiles, remove, runCli, tempDir } from '../helpers.ts';

let site: string;
let scratch: string;
beforeAll(() => {
  site = copyFixture('basic');
  scratch = tempDir('sitegen-stable-');
});
afterAll(() => {
  remove(site);
  remove(scratch);
});

const build = async (...args: string[]) => {
  const result = await runCli(['build', '--root', site, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
};

/** A copy of the output as it is now (links followed). */
function snapshot(name: string): string {
  const dir = join(scratch, name);
  cpSync(join(site, 'dist'), dir, { recursive: true, dereference: true });
  return dir;
}

/** Files added, removed or with other bytes between two outputs. */
function differing(a: string, b: string): string[] {
  const left = new Set(listFiles(a));
  const right = new Set(listFiles(b));
  const all = [...new Set([...left, ...right])].sort();
  return all.filter((f) => !left.has(f) || !right.has(f) || !readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
}

const edit = (file: string, change: (text: string) => string) => writeFileSync(join(site, file), change(readFileSync(join(site, file), 'utf8')));

describe('a rebuild after one body edit', () => {
  it('changes only the page, its payload and its content API file, and the two build files; --changes lists exactly those', async () => {
    await build();
    const before = snapshot('before');
    const id = JSON.parse(readFileSync(join(before, '_sitegen/builds/latest.json'), 'utf8')).id;
    const inode = (file: string) => statSync(join(site, 'dist', file)).ino;
    const kept = inode('guide/intro/index.html');
    edit('content/about.md', (t) => `${t}\nOne more sentence at the end.\n`);
    const changesFile = join(scratch, 'changes.txt');
    const result = await build('--changes', changesFile, '--profile');
    const after = snapshot('after');
    const next = JSON.parse(readFileSync(join(after, '_sitegen/builds/latest.json'), 'utf8')).id;
    expect(next).not.toBe(id);
    expect(differing(before, after)).toEqual(
      [
        '_sitegen/builds/latest.json',
        `_sitegen/builds/meta/${id}.json`,
        `_sitegen/builds/meta/${next}.json`,
        'about/_payload.json',
        'about/index.html',
        `api/_content/query/${queryHash(documentQueryKey('/about'))}.json`,
      ].sort(),
    );
    expect(readFileSync(changesFile, 'utf8').split('\n').filter(Boolean).sort()).toEqual(differing(before, after));
    expect(result.stdout).toMatch(/wrote 5 files, \d+ unchanged, removed 1/);
    // --profile says why each page was rendered or kept.
    expect(result.stdout).toMatch(/pages by reason: 1 inputs changed, \d+ unchanged\n/);
    // An unchanged page is the same file as before, not a copy.
    expect(inode('guide/intro/index.html')).toBe(kept);
  });
});

describe('a rebuild with nothing changed', () => {
  it('is up to date, and with --force writes nothing new: the same bytes, the same files', async () => {
    await build();
    const before = snapshot('same-before');
    expect((await build()).stdout).toContain('is up to date');
    const forced = await build('--force');
    expect(forced.stdout).toMatch(/wrote 0 files, \d+ unchanged, removed 0/);
    expect(differing(before, snapshot('same-after'))).toEqual([]);
  });

  it('writes an empty --changes list, not the last one left over', async () => {
    await build();
    const changesFile = join(scratch, 'changes-none.txt');
    writeFileSync(changesFile, 'about/index.html\n');
    expect((await build('--changes', changesFile)).stdout).toContain('is up to date');
    expect(readFileSync(changesFile, 'utf8')).toBe('');
  });
});

describe('a --changes file that cannot be written', () => {
  it('fails the build before it starts (SG7004), and the output stays as it was', async () => {
    await build();
    const served = readlinkSync(join(site, 'dist'));
    edit('content/about.md', (t) => `${t}\nA sentence the failed build does not publish.\n`);
    for (const [file, why] of [
      [join(scratch, 'missing-folder', 'changes.txt'), /does not exist/],
      [scratch, /it is a folder/],
    ] as const) {
      const result = await runCli(['build', '--root', site, '--changes', file]);
      expect(result.code, result.stdout).toBe(1);
      expect(result.stderr).toContain('[SG7004]');
      expect(result.stderr).toMatch(why);
      expect(result.stderr).toMatch(/hint: Pass --changes a file in a folder that exists/);
      expect(readlinkSync(join(site, 'dist'))).toBe(served);
      expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).not.toContain('the failed build does not publish');
    }
    // The next build with a good list publishes the edit.
    await build('--changes', join(scratch, 'changes-ok.txt'));
    expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('the failed build does not publish');
  });
});

describe('a rebuild after a title edit', () => {
  it('lists in --changes exactly the files that differ: the page and every listing, sidebar and feed that shows the title', async () => {
    await build();
    const before = snapshot('title-before');
    edit('content/guide/2.setup.md', (t) => t.replace(/^title: .*$/m, 'title: Setting everything up'));
    const changesFile = join(scratch, 'title-changes.txt');
    await build('--changes', changesFile);
    const changed = differing(before, snapshot('title-after'));
    expect(changed).toContain('guide/setup/index.html');
    expect(changed).toContain('guide/intro/index.html'); // its sidebar shows the title
    expect(changed.length).toBeLessThan(listFiles(before).length / 2);
    expect(readFileSync(changesFile, 'utf8').split('\n').filter(Boolean).sort()).toEqual(changed);
  });
});

describe('--verify', () => {
  it('names a file changed by hand and writes it again', async () => {
    await build();
    const page = join(site, 'dist/about/index.html');
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, text.replace('<title>', '<title>X').replace('</title>', '</title>'.slice(1)));
    const result = await build('--verify');
    expect(result.stdout + result.stderr).toMatch(/verified \d+ files: 1 differed from what the sources give and were written again: about\/index\.html/);
    expect(readFileSync(page, 'utf8')).toBe(text);
    const again = await build('--verify');
    expect(again.stdout).toMatch(/verified \d+ files: every one as the sources give it/);
  });
});
