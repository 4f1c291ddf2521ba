/**
 * The theme speaks the page's language: a site in English, German and Japanese built through the CLI. Each page's
 * UI strings (outline, previous/next, copy button, edit link, callout titles) and dates come from its locale's table;
 * site/i18n/de.json wins over the built-in German; a locale without a table of its own falls back to English with one
 * warning listing what is missing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../templates/i18n/en.json';
import { copyFixture, html, read, remove, runCli } from '../helpers.ts';

let site: string;

beforeAll(async () => {
  site = copyFixture('i18n-strings');
  const built = await runCli(['build', '--quiet', '--root', site]);
  expect(built.code, built.stderr).toBe(0);
  // Three complete built-in tables and a valid override: nothing to warn about.
  expect(built.stderr).not.toContain('SG1003');
}, 120_000);
afterAll(() => {
  if (site) remove(site);
});

const page = (path: string) => html(join(site, 'dist'), `${path}/index.html`);
const text = (root: ReturnType<typeof page>, selector: string) => root.querySelector(selector)?.textContent.trim();

describe('UI strings per locale', () => {
  it('shows a German page in German, with Intl dates for de', () => {
    const doc = page('de/docs/intro');
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('de');
    expect(text(doc, '.docs-toc .toc-title')).toBe('Auf dieser Seite');
    expect(text(doc, '.toc-inline summary')).toBe('Auf dieser Seite');
    expect(text(doc, '.docs-toc .toc-top')).toBe('Zurück nach oben');
    expect(text(doc, '.pn-next .pn-dir')).toBe('Weiter');
    expect(doc.querySelector('.prev-next')?.getAttribute('aria-label')).toBe('Vorherige und nächste Seite');
    const copy = doc.querySelector('.code-copy');
    expect(copy?.textContent).toBe('Kopieren');
    expect(copy?.getAttribute('aria-label')).toBe('Code kopieren');
    expect(text(doc, '.callout-tip .callout-title')).toBe('Tipp');
    expect(text(doc, '.doc-footer .muted')).toBe('Zuletzt aktualisiert: 5. März 2024');
    expect(doc.querySelector('.doc-footer time')?.getAttribute('datetime')).toBe('2024-03-05');
    expect(text(doc, '.doc-meta-item')).toBe('1 Min. Lesezeit');
    expect(text(doc, '.skip-link')).toBe('Zum Inhalt springen');
    expect(doc.querySelector('.sidebar')?.getAttribute('aria-label')).toBe('Dokumentation');
  });

  it('lets site/i18n/de.json win over the built-in German', () => {
    const link = page('de/docs/intro').querySelector('.edit-link');
    expect(link?.textContent.trim()).toBe('Diese Seite auf Git bearbeiten');
    expect(link?.getAttribute('href')).toBe('https://git.example.com/edit/content/de/docs/intro.md');
  });

  it('shows a Japanese page in Japanese', () => {
    const doc = page('ja/docs/intro');
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('ja');
    expect(text(doc, '.docs-toc .toc-title')).toBe('目次');
    // Prev/next run through the locale's own pages: the first has no previous one, the second has.
    expect(text(doc, '.pn-next .pn-dir')).toBe('次へ');
    expect(text(page('ja/docs/setup'), '.pn-prev .pn-dir')).toBe('前へ');
    expect(doc.querySelector('.code-copy')?.textContent).toBe('コピー');
    expect(text(doc, '.edit-link')).toBe('このページを編集');
    expect(text(doc, '.callout-tip .callout-title')).toBe('ヒント');
    expect(text(doc, '.doc-footer .muted')).toBe('最終更新日: 2024年3月5日');
  });

  it('shows an English page in English, as before', () => {
    const doc = page('docs/intro');
    expect(text(doc, '.docs-toc .toc-title')).toBe('On this page');
    expect(text(page('docs/setup'), '.pn-prev .pn-dir')).toBe('Previous');
    expect(text(doc, '.pn-next .pn-dir')).toBe('Next');
    expect(doc.querySelector('.code-copy')?.toString()).toBe('<button class="code-copy" type="button" aria-label="Copy code">Copy</button>');
    expect(text(doc, '.edit-link')).toBe('Edit this page');
    expect(text(doc, '.doc-footer .muted')).toBe('Last updated March 5, 2024');
    // The count stays its own text, as `{n} min read` in JSX wrote it: an English site's pages are unchanged.
    expect(read(join(site, 'dist'), 'docs/intro/index.html')).toContain('<span class="doc-meta-item">1<!-- --> min read</span>');
    // The browser's English texts are its own: an English page carries no strings element.
    expect(doc.querySelector('script[data-sitegen-strings]')).toBeNull();
  });

  it('gives the browser the page’s texts in an element the next page’s payload replaces', () => {
    const strings = page('de/docs/intro').querySelector('#__sitegen script[data-sitegen-strings]');
    const table = JSON.parse(strings?.textContent ?? '{}') as Record<string, string>;
    expect(table['copy.copied']).toBe('Kopiert');
    expect(table['search.resultCount.one']).toBe('{n} Ergebnis');
    // Only what the browser shows, never the whole table.
    expect(table['toc.title']).toBeUndefined();
    const payload = JSON.parse(readFileSync(join(site, 'dist/de/docs/intro/_payload.json'), 'utf8')) as { html: string; lang: string };
    expect(payload.lang).toBe('de');
    expect(payload.html).toContain('data-sitegen-strings>');
  });
});

describe('a locale without a table of its own', () => {
  it('falls back to English for what is missing, with one warning listing it', async () => {
    const copy = copyFixture('i18n-strings');
    try {
      const config = join(copy, 'site/config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("locales: ['en', 'de', 'ja']", "locales: ['en', 'de', 'ja', 'it']"));
      // Italian: every key but one.
      const italian = Object.fromEntries(Object.keys(en).map((key) => [key, `[it] ${(en as Record<string, string>)[key]}`]));
      delete italian['toc.backToTop'];
      italian['toc.title'] = 'In questa pagina';
      italian['no.such.key'] = 'x';
      writeFileSync(join(copy, 'site/i18n/it.json'), JSON.stringify(italian));
      mkdirSync(join(copy, 'content/it/docs'), { recursive: true });
      writeFileSync(join(copy, 'content/it/docs/intro.md'), readFileSync(join(copy, 'content/docs/intro.md'), 'utf8'));
      const built = await runCli(['build', '--quiet', '--root', copy]);
      expect(built.code, built.stderr).toBe(0);
      const missing = built.stderr.split('\n').filter((line) => line.includes('missing for "it"'));
      expect(missing).toEqual(['warning site/i18n/it.json [SG1003] 1 UI string is missing for "it" and shown in English: toc.backToTop']);
      expect(built.stderr).toContain('warning site/i18n/it.json [SG1003] Unknown UI string key in site/i18n/it.json, left out: no.such.key');
      const doc = html(join(copy, 'dist'), 'it/docs/intro/index.html');
      expect(doc.querySelector('.docs-toc .toc-title')?.textContent).toBe('In questa pagina');
      expect(doc.querySelector('.docs-toc .toc-top')?.textContent).toBe('Back to top');
    } finally {
      remove(copy);
    }
  }, 120_000);

  it('stops the build on a strings file that is not JSON, naming the file and the place', async () => {
    const copy = copyFixture('i18n-strings');
    try {
      writeFileSync(join(copy, 'site/i18n/de.json'), '{\n  "doc.edit": "Bearbeiten",\n}\n');
      const built = await runCli(['build', '--quiet', '--root', copy]);
      expect(built.code).not.toBe(0);
      expect(built.stderr).toMatch(/✗ site\/i18n\/de\.json:3:1 \[SG1003\] Invalid UI strings/);
      // A value that is not text: at the line of its key.
      writeFileSync(join(copy, 'site/i18n/de.json'), '{\n  "doc.edit": "Bearbeiten",\n  "toc.title": 5\n}\n');
      const typed = await runCli(['build', '--quiet', '--root', copy]);
      expect(typed.code).not.toBe(0);
      expect(typed.stderr).toContain('✗ site/i18n/de.json:3 [SG1003] Invalid UI strings\n  Invalid UI strings file: "toc.title" is not text\n\n    1 | {');
    } finally {
      remove(copy);
    }
  }, 120_000);
});
