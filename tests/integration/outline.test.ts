/**
 * Which headings "On this page" lists, as VitePress's `outline` sets it: the site's default in `theme.outline`, a page's
 * own in front matter (a level, `[min, max]`, `deep`, `false`), and a bad value failing the build at its line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let root: string;
let result: CliResult;

const BODY = '## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n## Two again\n';
const page = (front: string) => `---\ntitle: Page\n${front}---\n\n${BODY}`;

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

/** The outline's links as `depth:text`, in document order (nested lists flattened). */
const outline = (route: string) =>
  html(join(root, 'dist'), `${route}/index.html`)
    .querySelectorAll('aside.docs-toc nav.toc li')
    .map((li) => `${li.classList.value.find((c) => c.startsWith('toc-d'))!.slice(5)}:${li.querySelector('a')!.text}`);

beforeAll(async () => {
  root = tempDir('sitegen-outline-');
  write({
    'site/config.ts': "import { defineConfig } from 'react-sitegen';\nexport default defineConfig({ theme: { outline: 2 } });\n",
    'content/site-default.md': page(''),
    'content/range.md': page('outline: [3, 4]\n'),
    'content/deep.md': page('outline: deep\n'),
    'content/none.md': page('outline: false\n').replace('## Two\n', '[[toc]]\n\n## Two\n'),
  });
  result = await runCli(['build', '--root', root]);
}, 120_000);
afterAll(() => remove(root));

describe('the outline of a page', () => {
  it('lists the levels of the site default (theme.outline: 2)', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(outline('site-default')).toEqual(['2:Two', '2:Two again']);
  });

  it('follows the front matter: a range, or deep with each level nested under the one above it', () => {
    expect(outline('range')).toEqual(['3:Three', '4:Four']);
    expect(outline('deep')).toEqual(['2:Two', '3:Three', '4:Four', '5:Five', '2:Two again']);
    const deep = html(join(root, 'dist'), 'deep/index.html');
    expect(deep.querySelector('aside.docs-toc li.toc-d2 > ul > li.toc-d3 > ul > li.toc-d4 > ul > li.toc-d5 a')?.text).toBe('Five');
  });

  it('is left out with outline: false, while [[toc]] in the body still lists the headings', () => {
    const none = html(join(root, 'dist'), 'none/index.html');
    expect(none.querySelector('nav.toc')).toBeNull();
    // The column stays for the grid, but not as an empty "On this page" landmark.
    expect(none.querySelector('aside.docs-toc')).toBeNull();
    expect(none.querySelector('div.docs-toc')?.childNodes).toHaveLength(0);
    expect(none.querySelectorAll('nav.table-of-contents li a').map((a) => a.text)).toEqual(['Two', 'Two again']);
  });

  it('fails the build on a bad value, at its line', async () => {
    write({ 'content/bad.md': page('outline: [4, 2]\n') });
    const bad = await runCli(['build', '--root', root]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('content/bad.md:3');
    expect(bad.stderr).toContain('Invalid front matter: `outline:` is [4,2], not an outline');
  }, 120_000);
});
