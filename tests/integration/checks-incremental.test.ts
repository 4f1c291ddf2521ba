/**
 * Link checks on a rebuild: when the previous build's checks found nothing and every target is
 * what it was (the pages with their ids, the redirects, the files), only the pages rendered anew
 * are checked. Anything that changes a target checks every page again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, remove, runCli } from '../helpers.ts';

let site: string;
beforeEach(() => {
  site = copyFixture('basic');
});
afterEach(() => remove(site));

const edit = (file: string, change: (text: string) => string) => writeFileSync(join(site, file), change(readFileSync(join(site, file), 'utf8')));
const build = () => runCli(['build', '--root', site]);
/** "checked links on N pages (the other M as they were)": N, and M (0 when every page was checked). */
const checkedCounts = (stdout: string): [number, number] => {
  const found = /checked links on (\d+) pages?(?: \(the other (\d+) as they were\))?/.exec(stdout);
  expect(found, stdout).not.toBeNull();
  return [Number(found![1]), Number(found![2] ?? 0)];
};

describe('link checks on a rebuild', () => {
  it('check only the pages rendered anew after a body edit, and every page once a target changes', async () => {
    const cold = await build();
    expect(cold.code, cold.stderr).toBe(0);
    const [all, none] = checkedCounts(cold.stdout);
    expect(none).toBe(0);

    edit('content/guide/1.intro.md', (t) => `${t}\nOne more paragraph.\n`);
    const bodyEdit = await build();
    expect(bodyEdit.code, bodyEdit.stderr).toBe(0);
    const [checked, asTheyWere] = checkedCounts(bodyEdit.stdout);
    expect(checked).toBeGreaterThan(0);
    expect(checked + asTheyWere).toBe(all);
    expect(asTheyWere).toBeGreaterThan(all / 2);

    // A new broken link on the page rendered anew is found.
    edit('content/guide/1.intro.md', (t) => `${t}\nSee [nowhere](/guide/nowhere).\n`);
    const broken = await build();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Broken link to /guide/nowhere on /guide/intro');
    edit('content/guide/1.intro.md', (t) => t.replace('\nSee [nowhere](/guide/nowhere).\n', ''));
    expect((await build()).code).toBe(0);

    // The heading the home page and /about link to is renamed: both are taken over unchanged, but
    // their anchor is gone, so every page is checked again and the missing anchor found on both.
    edit('content/guide/2.setup.md', (t) => t.replace('## Install it', '## Set it up'));
    const renamed = await build();
    expect(renamed.code).toBe(1);
    expect(renamed.stderr).toContain('Missing anchor: /guide/setup#install-it on / (and 1 other page)');
  });

  it('check every page again after a build whose checks found something', async () => {
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', checks: { links: 'warn' },"));
    edit('content/about.md', (t) => `${t}\nSee [nowhere](/nowhere).\n`);
    const first = await build();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Broken link to /nowhere on /about');
    edit('content/guide/1.intro.md', (t) => `${t}\nOne more paragraph.\n`);
    const again = await build();
    expect(again.code, again.stderr).toBe(0);
    // /about is taken over unchanged, and its broken link is still reported.
    expect(again.stderr).toContain('Broken link to /nowhere on /about');
    expect(checkedCounts(again.stdout)[1]).toBe(0);
  });

  it("say a kept build's warnings again when nothing changed, and stop once they are fixed", async () => {
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', checks: { links: 'warn' },"));
    edit('content/about.md', (t) => `${t}\nSee [nowhere](/nowhere).\n`);
    const first = await build();
    expect(first.code, first.stderr).toBe(0);
    const warning = first.stderr.split('\n').find((line) => line.includes('Broken link to /nowhere on /about'));
    expect(warning, first.stderr).toBeDefined();

    // Nothing changed: the output is kept, and the same warning printed as the build printed it.
    const same = await build();
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/is up to date \(build [0-9a-f]{12}, nothing changed; 1 warning from that build\)/);
    expect(same.stderr.split('\n').filter((line) => line.includes('[SG5001]'))).toEqual([warning]);

    edit('content/about.md', (t) => t.replace('\nSee [nowhere](/nowhere).\n', ''));
    const fixed = await build();
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).not.toContain('SG5001');
    const quiet = await build();
    expect(quiet.stdout).toMatch(/is up to date \(build [0-9a-f]{12}, nothing changed\)/);
    expect(quiet.stderr).not.toContain('SG5001');
  });
});
