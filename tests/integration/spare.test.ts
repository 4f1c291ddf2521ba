/**
 * The output a rebuild replaces is kept in the cache folder (the spare), and the next rebuild
 * writes into it in place before swapping it in. What comes out must be exactly what a build
 * into an empty folder gives, and nothing outside the folder may change through it.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, listFiles, remove, runCli } from '../helpers.ts';

let site: string;
beforeEach(() => {
  site = copyFixture('basic');
});
afterEach(() => remove(site));

const build = async (...args: string[]) => {
  const result = await runCli(['build', '--root', site, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
};
const edit = (file: string, line: string) => writeFileSync(join(site, file), `${readFileSync(join(site, file), 'utf8')}\n${line}\n`);
const spares = () => readdirSync(join(site, '.sitegen-cache')).filter((name) => name.startsWith('spare.') && !name.endsWith('.json'));
/** Two builds, an edit between them: the first build's output is now the spare. */
async function withSpare(): Promise<void> {
  await build();
  edit('content/about.md', 'Second build.');
  await build();
}
const bytes = (dir: string) => listFiles(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]);

/** The output equals a build of the same sources into an empty folder with no cache. */
async function equalsCold(): Promise<void> {
  const cold = await runCli(['build', '--root', site, '--out', join(site, 'cold'), '--force']);
  expect(cold.code, cold.stderr).toBe(0);
  expect(bytes(join(site, 'dist'))).toEqual(bytes(join(site, 'cold')));
  rmSync(join(site, 'cold'), { recursive: true, force: true });
}

describe('a rebuild into the spare', () => {
  it('keeps the replaced output as the spare, and the next rebuild overwrites its files in place', async () => {
    await build();
    const first = statSync(join(site, 'dist/about/index.html')).ino;
    edit('content/about.md', 'Second build.');
    await build();
    expect(spares()).toHaveLength(1);
    const spare = join(site, '.sitegen-cache', spares()[0]);
    // The first build's output, whole.
    expect(statSync(join(spare, 'about/index.html')).ino).toBe(first);
    expect(readFileSync(join(spare, 'about/index.html'), 'utf8')).not.toContain('Second build.');
    edit('content/about.md', 'Third build.');
    const third = await build();
    // The first build's file, overwritten where it was, is now the live page.
    expect(statSync(join(site, 'dist/about/index.html')).ino).toBe(first);
    expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('Third build.');
    // Pages unchanged since the first build only had the build id put in, where it was.
    const [, unchanged, patched] = /\((\d+) unchanged\), (\d+) of them patched in place/.exec(third.stdout) ?? [];
    expect(Number(patched)).toBeGreaterThan(5);
    expect(Number(patched)).toBe(Number(unchanged));
    await equalsCold();
  });

  it('still patches the spare in place after the records were written whole again (past a tenth of the pages changed)', async () => {
    // 150 notes more: the page records are saved as changes on top of a records file until more
    // than 64 pages (or a tenth) differ from it, and so are the patch records of each output.
    mkdirSync(join(site, 'content/notes'), { recursive: true });
    for (let n = 0; n < 150; n++) writeFileSync(join(site, `content/notes/note-${n}.md`), `---\ntitle: Note ${n}\n---\nNote ${n}.\n`);
    await build();
    edit('content/about.md', 'Second build.');
    await build();
    // 80 notes edited: the records are written whole, and the patch records of the output just
    // replaced (now the spare), which named the records file written over, whole too.
    for (let n = 0; n < 80; n++) edit(`content/notes/note-${n}.md`, 'Edited.');
    await build();
    edit('content/about.md', 'Fourth build.');
    const fourth = await build();
    // The spare is the second build's output: its pages unchanged since then (the other 70 notes
    // and the rest of the site) get the new build id in place.
    const [, patched] = /, (\d+) of them patched in place/.exec(fourth.stdout) ?? [];
    expect(Number(patched)).toBeGreaterThan(70);
    await equalsCold();
  });

  it('renders in full the pages patched before the plan that the plan then changes (a title in every sidebar)', async () => {
    await withSpare();
    const intro = readFileSync(join(site, 'content/guide/1.intro.md'), 'utf8');
    writeFileSync(join(site, 'content/guide/1.intro.md'), intro.replace(/^title: .*$/m, 'title: Retitled introduction'));
    const third = await build();
    expect(third.stdout).toMatch(/patched in place/);
    expect(readFileSync(join(site, 'dist/guide/setup/index.html'), 'utf8')).toContain('Retitled introduction');
    await equalsCold();
  });

  it('patches nothing in a spare a failed build has written into', async () => {
    await withSpare();
    const good = readFileSync(join(site, 'content/about.md'), 'utf8');
    // A broken link fails the build after every page was written into the spare.
    writeFileSync(join(site, 'content/about.md'), `${good}\n[broken](/no/such/page)\n`);
    expect((await runCli(['build', '--root', site])).code).not.toBe(0);
    writeFileSync(join(site, 'content/about.md'), `${good}\nThird build.\n`);
    const next = await build();
    expect(next.stdout).toMatch(/\(\d+ unchanged\)/);
    expect(next.stdout).not.toMatch(/patched in place/);
    await equalsCold();
  });

  it('leaves nothing of the earlier output behind: removed pages, their folders, files added by hand', async () => {
    await build();
    writeFileSync(join(site, 'dist/added-by-hand.txt'), 'not from sitegen');
    rmSync(join(site, 'content/old-page.md'));
    await build();
    edit('content/about.md', 'Another build.');
    await build();
    expect(existsSync(join(site, 'dist/added-by-hand.txt'))).toBe(false);
    expect(existsSync(join(site, 'dist/old-page'))).toBe(false);
    await equalsCold();
  });

  it('never writes through a file of the spare that is linked from elsewhere', async () => {
    await withSpare();
    const spare = join(site, '.sitegen-cache', spares()[0]);
    const outside = join(site, 'outside.html');
    linkSync(join(spare, 'about/index.html'), outside);
    const before = readFileSync(outside, 'utf8');
    edit('content/about.md', 'Third build.');
    await build();
    expect(readFileSync(outside, 'utf8')).toBe(before);
    expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('Third build.');
    await equalsCold();
  });

  it('keeps the spare when a build fails, and the build after it still equals a cold one', async () => {
    await withSpare();
    const live = bytes(join(site, 'dist'));
    const good = readFileSync(join(site, 'content/about.md'), 'utf8');
    writeFileSync(join(site, 'content/about.md'), good.replace('title:', 'title: [unclosed'));
    const failed = await runCli(['build', '--root', site]);
    expect(failed.code).not.toBe(0);
    expect(bytes(join(site, 'dist'))).toEqual(live);
    expect(spares()).toHaveLength(1);
    writeFileSync(join(site, 'content/about.md'), good.replace('Second build.', 'After the failure.'));
    await build();
    expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('After the failure.');
    await equalsCold();
  });

  it('adopts the folder of a build that was killed as the spare, keeping nothing of what it held', async () => {
    await build();
    // What a build killed mid-way (pid long gone) leaves beside the output: a page and a stray file.
    const stale = join(site, '.dist.sitegen/tmp-999999');
    mkdirSync(join(stale, 'about'), { recursive: true });
    writeFileSync(join(stale, 'about/index.html'), 'half a page');
    writeFileSync(join(stale, 'stray.txt'), 'not from this build');
    const inode = statSync(join(stale, 'about/index.html')).ino;
    edit('content/about.md', 'Second build.');
    await build();
    expect(existsSync(stale)).toBe(false);
    expect(statSync(join(site, 'dist/about/index.html')).ino).toBe(inode);
    expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('Second build.');
    expect(existsSync(join(site, 'dist/stray.txt'))).toBe(false);
    await equalsCold();
  });

  it('is not used once the cache is removed: a cold build starts from an empty folder', async () => {
    await withSpare();
    rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
    const inode = statSync(join(site, 'dist/about/index.html')).ino;
    edit('content/about.md', 'Third build.');
    await build();
    expect(statSync(join(site, 'dist/about/index.html')).ino).not.toBe(inode);
    await equalsCold();
  });
});
