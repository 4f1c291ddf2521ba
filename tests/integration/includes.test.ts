/**
 * Includes through the real CLI and dev server: a part and a snippet shown by two pages; editing either re-renders
 * exactly those pages (the cache and the up-to-date check notice a file outside the content folder), warm equals cold,
 * a missing include fails the build at its line, and `sitegen dev` reloads only the pages that include an edited file.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { copyFixture, devEvents, listFiles, remove, runCli, tempDir, waitFor } from '../helpers.ts';

let site: string;
let scratch: string;

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(site, rel)), { recursive: true });
  writeFileSync(join(site, rel), text);
}

beforeAll(() => {
  site = copyFixture('basic');
  scratch = tempDir('sitegen-includes-');
  write('content/_parts/verify.md', '## Verify the signature\n\nCompare the header with the HMAC of the body.\n');
  write('snippets/verify.js', '// #region sign\nconst sig = hmac(secret, body);\n// #endregion sign\nexport { sig };\n');
  const page = (title: string) =>
    `---\ntitle: ${title}\ndescription: Uses includes.\n---\n\nIntro to ${title}.\n\n<!--@include: ../_parts/verify.md-->\n\n<<< ../../snippets/verify.js#sign [verify.js]\n`;
  write('content/guide/first.md', page('First'));
  write('content/guide/second.md', page('Second'));
});
afterAll(() => {
  remove(site);
  remove(scratch);
});

const build = async (...args: string[]) => {
  const result = await runCli(['build', '--root', site, ...args]);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return result;
};
const page = (path: string) => readFileSync(join(site, 'dist', path, 'index.html'), 'utf8');

function snapshot(name: string): string {
  const dir = join(scratch, name);
  cpSync(join(site, 'dist'), dir, { recursive: true, dereference: true });
  return dir;
}
function differing(a: string, b: string): string[] {
  const left = new Set(listFiles(a));
  const right = new Set(listFiles(b));
  return [...new Set([...left, ...right])]
    .filter((f) => !f.startsWith('_sitegen/builds/'))
    .filter((f) => !left.has(f) || !right.has(f) || !readFileSync(join(a, f)).equals(readFileSync(join(b, f))))
    .sort();
}

describe('includes in a build', () => {
  it('renders the part and the snippet in both pages, and an edit to either re-renders exactly those pages', async () => {
    await build();
    expect(page('guide/first')).toContain('id="verify-the-signature"');
    expect(page('guide/second')).toContain('hmac');
    expect(page('guide/first')).not.toContain('#region');
    const before = snapshot('before');

    // The snippet is outside the content folder: the up-to-date check must still notice it.
    write('snippets/verify.js', '// #region sign\nconst sig = hmacSha256(secret, body);\n// #endregion sign\nexport { sig };\n');
    const result = await build('--profile');
    expect(result.stdout).not.toContain('up to date');
    expect(result.stdout).toMatch(/pages by reason: 2 inputs changed/);
    const afterSnippet = snapshot('after-snippet');
    const changed = differing(before, afterSnippet).filter((f) => f.endsWith('.html'));
    expect(changed).toEqual(['guide/first/index.html', 'guide/second/index.html']);
    expect(page('guide/first')).toContain('hmacSha256');

    write('content/_parts/verify.md', '## Verify the signature\n\nCompare the header with the HMAC of the raw body.\n');
    await build();
    expect(differing(afterSnippet, snapshot('after-part')).filter((f) => f.endsWith('.html'))).toEqual(['guide/first/index.html', 'guide/second/index.html']);
    expect(page('guide/second')).toContain('HMAC of the raw body');

    // Warm equals cold.
    const warm = snapshot('warm');
    rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
    await build('--force');
    expect(differing(warm, snapshot('cold'))).toEqual([]);
    expect((await build()).stdout).toContain('up to date');
  });

  it('fails on a missing include with its file and line, and builds again once the file is there', async () => {
    write('content/guide/third.md', '---\ntitle: Third\ndescription: Missing part.\n---\n\nText.\n\n<!--@include: ../_parts/later.md-->\n');
    const failed = await runCli(['build', '--root', site]);
    expect(failed.code).not.toBe(0);
    const output = failed.stdout + failed.stderr;
    expect(output).toContain('content/guide/third.md:8 [SG2014] Include failed');
    expect(output).toContain('Cannot include "../_parts/later.md": content/_parts/later.md does not exist');
    write('content/_parts/later.md', 'Arrived later.\n');
    await build();
    expect(page('guide/third')).toContain('Arrived later.');
  });
});

describe('includes in dev', () => {
  let dev: DevServer | undefined;
  afterAll(() => dev?.close());

  it('updates only the pages that include an edited snippet or part, in place', async () => {
    dev = await startDevServer({ root: site, port: 0, log: () => undefined });
    const first = await devEvents(dev.url, '/guide/first');
    const other = await devEvents(dev.url, '/about');
    const get = async (path: string) => (await fetch(dev!.url + path)).text();
    expect(await get('/guide/first')).toContain('hmacSha256');

    let update = dev.nextUpdate();
    write('snippets/verify.js', '// #region sign\nconst sig = verifyHmac(secret, body);\n// #endregion sign\n');
    expect((await update).swapped.sort()).toEqual(['/guide/first']);
    expect(await get('/guide/second')).toContain('verifyHmac');

    update = dev.nextUpdate();
    write('content/_parts/verify.md', '## Verify the signature\n\nEdited in dev.\n');
    expect((await update).swapped.sort()).toEqual(['/guide/first']);
    expect(await get('/guide/first')).toContain('Edited in dev.');
    await waitFor(() => first.events.filter((e) => e.event === 'page').length === 2);
    expect(other.events.map((e) => e.event).filter((e) => e === 'page' || e === 'reload')).toEqual([]);

    // A snippet in the content folder that is no document (content/_snippets/*.sh) is content too: swapped, not reloaded.
    update = dev.nextUpdate();
    write('content/_snippets/sign.sh', 'ferry sign --secret "$SECRET"\n');
    await update;
    update = dev.nextUpdate();
    write('content/guide/first.md', `${readFileSync(join(site, 'content/guide/first.md'), 'utf8')}\n<<< ../_snippets/sign.sh\n`);
    await update;
    expect(await get('/guide/first')).toContain('$SECRET');
    update = dev.nextUpdate();
    write('content/_snippets/sign.sh', 'ferry sign --secret "$NEW_SECRET"\n');
    const took = await update;
    expect([took.swapped, took.reloaded]).toEqual([['/guide/first'], []]);
    expect(await get('/guide/first')).toContain('$NEW_SECRET');
    first.close();
    other.close();
  }, 60_000);
});
