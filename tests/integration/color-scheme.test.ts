/**
 * The colour-scheme toggle through the real CLI, on the three-language fixture: the inline head script opens every
 * page's head before any stylesheet (500.html too), the header carries the toggle as a labelled radio group in the
 * page's language, and the CSP hash the docs give is the script's.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { COLOR_SCHEME_HASH, COLOR_SCHEME_SCRIPT } from '../../src/render/color-scheme.ts';
import { FIXTURES, ROOT, html, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let site: string;
let out: string;
let result: CliResult;

beforeAll(async () => {
  site = tempDir('sitegen-scheme-');
  cpSync(join(FIXTURES, 'multilingual'), site, { recursive: true });
  out = join(site, 'dist');
  result = await runCli(['build', '--quiet', '--root', site]);
}, 120_000);
afterAll(() => remove(site));

const page = (route: string) => html(out, `${route === '/' ? '' : `${route.slice(1)}/`}index.html`);

/** The toggle's group label and its radios' labels, values and names. */
function toggle(route: string) {
  const group = page(route).querySelectorAll('header [role="radiogroup"]');
  expect(group, route).toHaveLength(1);
  const radios = group[0].querySelectorAll('input[type="radio"]');
  return {
    label: group[0].getAttribute('aria-label'),
    radios: radios.map((r) => [r.getAttribute('value'), r.getAttribute('aria-label'), r.getAttribute('name')]),
    titles: group[0].querySelectorAll('label').map((l) => l.getAttribute('title')),
    checked: radios.filter((r) => r.hasAttribute('checked')).length,
  };
}

describe('the colour-scheme toggle', () => {
  it('builds without problems', () => {
    expect(result.code, result.stderr).toBe(0);
  });

  it('opens every page’s head with the inline script, before any stylesheet or other script', () => {
    for (const route of ['index.html', 'docs/guide/index.html', 'ja/docs/guide/index.html', 'fa/docs/guide/index.html', '404.html', 'ja/404.html']) {
      const head = html(out, route).querySelector('head')!;
      const tags = head.querySelectorAll('*').map((el) => el.rawTagName);
      // meta charset and viewport, then the script, then the rest.
      expect(tags.slice(0, 4), route).toEqual(['meta', 'meta', 'script', 'title']);
      const script = head.querySelectorAll('script')[0];
      expect(script.text).toBe(COLOR_SCHEME_SCRIPT);
      expect(script.attributes).toEqual({});
      const sheets = head.querySelectorAll('link[rel="stylesheet"]');
      expect(sheets.length, route).toBeGreaterThan(0);
      expect(head.innerHTML.indexOf('<script>'), route).toBeLessThan(head.innerHTML.indexOf('rel="stylesheet"'));
    }
    const serverError = parse(read(out, '500.html')).querySelector('head')!;
    expect(serverError.querySelectorAll('script').map((s) => s.text)).toEqual([COLOR_SCHEME_SCRIPT]);
    expect(serverError.innerHTML.indexOf('<script>')).toBeLessThan(serverError.innerHTML.indexOf('rel="stylesheet"'));
  });

  it('puts a labelled radio group in the header, none checked (the head script checks the stored one)', () => {
    expect(toggle('/docs/guide')).toEqual({
      label: 'Theme',
      radios: [
        ['light', 'Light', 'color-scheme'],
        ['dark', 'Dark', 'color-scheme'],
        ['system', 'System', 'color-scheme'],
      ],
      titles: ['Light', 'Dark', 'System'],
      checked: 0,
    });
  });

  it('labels it in the page’s language', () => {
    const ja = toggle('/ja/docs/guide');
    expect(ja.label).toBe('テーマ');
    expect(ja.radios.map(([, label]) => label)).toEqual(['ライト', 'ダーク', 'システム']);
    expect(ja.titles).toEqual(['ライト', 'ダーク', 'システム']);
    expect(toggle('/ja').label).toBe('テーマ');
    const fa = toggle('/fa/docs/guide');
    expect(fa.label).toBe('طرح زمینه');
    expect(fa.radios.map(([, label]) => label)).toEqual(['روشن', 'تیره', 'سیستم']);
  });

  it('gives the script’s CSP hash in the docs', () => {
    const hash = `'sha256-${createHash('sha256').update(page('/').querySelector('head script')!.text).digest('base64')}'`;
    expect(hash).toBe(COLOR_SCHEME_HASH);
    expect(readFileSync(join(ROOT, 'docs/your-own-site.md'), 'utf8')).toContain(hash);
  });
});
