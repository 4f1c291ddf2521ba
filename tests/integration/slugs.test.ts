/**
 * Heading ids and routes in any language, through the real CLI with the bundled templates.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let dir: string;
let out: string;
let result: CliResult;

beforeAll(async () => {
  dir = tempDir('sitegen-slugs-');
  out = join(dir, 'dist');
  mkdirSync(join(dir, 'content/日本語'), { recursive: true });
  writeFileSync(join(dir, 'content/index.md'), '---\ntitle: Home\n---\n\nSee [the guide](/日本語/ガイド#日本語の見出し).\n');
  writeFileSync(
    join(dir, 'content/日本語/ガイド.md'),
    '---\ntitle: ガイド\n---\n\n## 日本語の見出し\n\nText.\n\n## Café & crème\n\n## snake_case names\n\n## Repeat\n\n## Repeat\n',
  );
  result = await runCli(['build', '--root', dir, '--out', out]);
});
afterAll(() => remove(dir));

describe('slugs for every language', () => {
  it('builds, and the link to the Japanese heading passes the link check', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('keeps the characters of non-Latin headings and numbers repeats', () => {
    const doc = html(out, '日本語/ガイド/index.html');
    const ids = doc.querySelectorAll('main h2').map((h) => h.getAttribute('id'));
    expect(ids).toEqual(['日本語の見出し', 'café--crème', 'snake_case-names', 'repeat', 'repeat-1']);
    expect(doc.querySelector('h2[id="日本語の見出し"] a.header-anchor')?.getAttribute('href')).toBe('#日本語の見出し');
  });
});
