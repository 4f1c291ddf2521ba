/**
 * The content folder's listing kept between builds (src/content/listing.ts): a build skips the walk while no folder
 * it went through changed, and finds every page added, renamed or removed, in an old folder or a new one.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, remove, runCli } from '../helpers.ts';

let site: string;
const page = (route: string) => existsSync(join(site, 'dist', route, 'index.html'));
const build = async (...args: string[]) => {
  const run = await runCli(['build', '--root', site, ...args]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
};
const listing = () => JSON.parse(readFileSync(join(site, '.sitegen-cache/listing.json'), 'utf8')) as { folders: [string, string][]; files: string[] };

/** Every folder below content/ last changed `ms` from now (default: an hour ago, long before the next walk, so its time is trusted). */
function settleFolders(dir = join(site, 'content'), ms = -3_600_000): void {
  const when = new Date(Date.now() + ms);
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) settleFolders(join(dir, entry.name), ms);
  utimesSync(dir, when, when);
}

beforeEach(() => {
  site = copyFixture('basic');
});
afterEach(() => remove(site));

describe('the content listing kept between builds', () => {
  it('trusts no folder that changed just before the walk', async () => {
    // Every folder changed as the walk starts (dated a minute ahead: the build may start more than a second after
    // anything this test does, on a busy machine): each is marked, and the next build walks again.
    settleFolders(join(site, 'content'), 60_000);
    await build();
    expect(listing().folders.every(([, stat]) => stat === '')).toBe(true);
    settleFolders();
    await build('--force');
    const { folders, files } = listing();
    expect(folders.map(([rel]) => rel)).toEqual(expect.arrayContaining(['', 'guide', 'blog']));
    expect(folders.every(([, stat]) => /^\d+:[\d.]+$/.test(stat))).toBe(true);
    expect(files).toContain('guide/2.setup.md');
  });

  it('finds a page added to a folder, one in a new folder, one renamed and one removed', async () => {
    settleFolders();
    await build();
    const body = '---\ntitle: Extra\n---\n\nAn extra page.\n';
    writeFileSync(join(site, 'content/guide/9.extra.md'), body);
    await build();
    expect(page('guide/extra')).toBe(true);
    settleFolders();
    mkdirSync(join(site, 'content/notes'));
    writeFileSync(join(site, 'content/notes/first.md'), body.replace('Extra', 'First note'));
    await build();
    expect(page('notes/first')).toBe(true);
    settleFolders();
    renameSync(join(site, 'content/guide/9.extra.md'), join(site, 'content/guide/9.more.md'));
    await build();
    expect([page('guide/more'), page('guide/extra')]).toEqual([true, false]);
    settleFolders();
    rmSync(join(site, 'content/notes/first.md'));
    await build();
    expect(page('notes/first')).toBe(false);
  });

  it('takes the listing while every folder is as it was: a file slipped in behind a folder time set back is seen by a walk only', async () => {
    settleFolders();
    await build();
    const guide = join(site, 'content/guide');
    const before = statSync(guide);
    writeFileSync(join(guide, '9.hidden.md'), '---\ntitle: Hidden\n---\n\nNot listed.\n');
    utimesSync(guide, before.atime, before.mtime);
    expect(await build()).toMatch(/up to date/);
    expect(page('guide/hidden')).toBe(false);
    // A build without its cache walks.
    await build('--force');
    expect(page('guide/hidden')).toBe(true);
  });
});
