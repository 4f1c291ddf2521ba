/** Resolving the UI string tables: which built-in table a locale takes, site files over it, English for the rest. */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_LOCALES, builtInLocale, markdownStrings, resolveUiStrings } from '../../../src/i18n/tables.ts';
import { pageStringsHtml } from '../../../src/i18n/page-strings.ts';
import { SitegenError } from '../../../src/errors.ts';
import en from '../../../templates/i18n/en.json';
import { baseKey, isKnownKey } from '../../../templates/i18n/keys.ts';
import { createStrings } from '../../../templates/i18n/strings.ts';
import { ROOT, remove, tempDir } from '../../helpers.ts';

const ENGLISH = en as Record<string, string>;
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) remove(dir);
  dirs = [];
});

/** A project folder with these site/i18n files. */
function project(files: Record<string, string | object> = {}): string {
  const root = tempDir('sitegen-i18n-');
  dirs.push(root);
  mkdirSync(join(root, 'site/i18n'), { recursive: true });
  for (const [code, data] of Object.entries(files))
    writeFileSync(join(root, 'site/i18n', `${code}.json`), typeof data === 'string' ? data : JSON.stringify(data));
  return root;
}

describe('builtInLocale', () => {
  it('takes the exact code, then the language when that is a table of its own', () => {
    expect(builtInLocale('de')).toBe('de');
    expect(builtInLocale('zh-cn')).toBe('zh-CN');
    expect(builtInLocale('de-AT')).toBe('de');
    expect(builtInLocale('en-GB')).toBe('en');
    // pt-BR is not Portuguese in general, zh-CN not Chinese in general.
    expect(builtInLocale('pt-PT')).toBeUndefined();
    expect(builtInLocale('zh-TW')).toBeUndefined();
    expect(builtInLocale('it')).toBeUndefined();
  });
});

describe('the built-in tables', () => {
  const files = readdirSync(join(ROOT, 'templates/i18n')).filter((f) => f.endsWith('.json'));

  it('are the eleven languages, each complete and with no key English lacks', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...BUILT_IN_LOCALES].sort());
    const required = Object.keys(ENGLISH).filter((key) => baseKey(key) === key);
    for (const file of files) {
      const table = JSON.parse(readFileSync(join(ROOT, 'templates/i18n', file), 'utf8')) as Record<string, string>;
      expect(
        required.filter((key) => typeof table[key] !== 'string' || !table[key].trim()),
        file,
      ).toEqual([]);
      expect(
        Object.keys(table).filter((key) => !isKnownKey(key)),
        file,
      ).toEqual([]);
      // Every placeholder of the English text is kept (plural forms may spell the number out; a form field may be
      // named as written, `{label}`, or in lower case, `{field}`).
      const same = (text: string) => text.replaceAll('{field}', '{label}');
      for (const key of required) {
        for (const name of same(ENGLISH[key]).match(/\{\w+\}/g) ?? []) expect(same(table[key]), `${file} ${key}`).toContain(name);
      }
    }
  });

  it('resolve without problems for every built-in locale and its regional variants', () => {
    const strings = resolveUiStrings(project(), ['en', 'de-AT', 'ja', 'ar', 'fa']);
    expect(strings.problems).toEqual([]);
    expect(strings.tables['de-AT']['toc.title']).toBe('Auf dieser Seite');
    expect(strings.tables.fa['prevNext.next']).toBe('بعدی');
  });
});

describe('resolveUiStrings', () => {
  it('puts a site file over the built-in table, and the language’s file under the code’s', () => {
    const root = project({ de: { 'doc.edit': 'Auf Git bearbeiten', 'toc.title': 'Inhalt' }, 'de-CH': { 'toc.title': 'Auf dieser Seite (CH)' } });
    const { tables, problems, files } = resolveUiStrings(root, ['de', 'de-CH']);
    expect(problems).toEqual([]);
    expect(files).toEqual(['site/i18n/de-CH.json', 'site/i18n/de.json']);
    expect(tables.de['doc.edit']).toBe('Auf Git bearbeiten');
    expect(tables.de['prevNext.next']).toBe('Weiter');
    expect(tables['de-CH']['toc.title']).toBe('Auf dieser Seite (CH)');
    expect(tables['de-CH']['doc.edit']).toBe('Auf Git bearbeiten');
  });

  it('fills a locale without a table with English and says once what is missing', () => {
    const italian = Object.fromEntries(Object.entries(ENGLISH).filter(([key]) => key !== 'copy.copied' && key !== 'toc.title'));
    const { tables, problems } = resolveUiStrings(project({ it: { ...italian, 'prevNext.next': 'Avanti' } }), ['en', 'it', 'pt-PT']);
    expect(tables.it['prevNext.next']).toBe('Avanti');
    expect(tables.it['copy.copied']).toBe('Copied');
    expect(tables['pt-PT']['toc.title']).toBe('On this page');
    expect(problems.map((p) => [p.code, p.location?.file, p.message])).toEqual([
      ['SG1003', 'site/i18n/it.json', '2 UI strings are missing for "it" and shown in English: toc.title, copy.copied'],
      [
        'SG1003',
        'site/i18n/pt-PT.json',
        expect.stringMatching(
          new RegExp(
            `^${Object.keys(ENGLISH).filter((key) => baseKey(key) === key).length} UI strings are missing for "pt-PT" and shown in English: skipLink, `,
          ),
        ),
      ],
    ]);
  });

  it('leaves out unknown keys with a warning, and keeps plural forms of counting keys', () => {
    const { tables, problems } = resolveUiStrings(project({ de: { 'search.resultCount.few': '{n} x', 'toc.titel': 'Tippfehler', 'toc.title.one': 'no' } }), [
      'de',
    ]);
    expect(problems.map((p) => p.message)).toEqual(['Unknown UI string keys in site/i18n/de.json, left out: toc.titel, toc.title.one']);
    expect(tables.de['toc.titel']).toBeUndefined();
    // The site file has no `search.resultCount`: the key and its forms come from the built-in German together.
    expect(tables.de['search.resultCount.few']).toBeUndefined();
    expect(tables.de['search.resultCount.one']).toBe('{n} Ergebnis');
  });

  it('stops on a file that is not JSON, or not an object of texts', () => {
    const broken = () => resolveUiStrings(project({ de: '{\n  "doc.edit": "x",\n}' }), ['de']);
    expect(broken).toThrow(SitegenError);
    try {
      broken();
    } catch (error) {
      expect((error as SitegenError).code).toBe('SG1003');
      expect((error as SitegenError).location).toEqual({ file: 'site/i18n/de.json', line: 3, column: 1 });
    }
    expect(() => resolveUiStrings(project({ de: '["x"]' }), ['de'])).toThrow('Invalid UI strings file: not a JSON object');
    expect(() => resolveUiStrings(project({ de: { 'doc.edit': 3 } }), ['de'])).toThrow('Invalid UI strings file: "doc.edit" is not text');
  });

  it('gives markdown nothing for an English site, and its subset for another language', () => {
    expect(markdownStrings(resolveUiStrings(project(), ['en']))).toBeUndefined();
    const md = markdownStrings(resolveUiStrings(project(), ['en', 'fr']));
    expect(Object.keys(md ?? {})).toEqual(['fr']);
    expect(md?.fr['copy.label']).toBe('Copier le code');
    expect(md?.fr['toc.title']).toBeUndefined();
  });
});

describe('formatting', () => {
  it('fills placeholders, picks plural forms and writes numbers as the locale does', () => {
    const { tables } = resolveUiStrings(project(), ['en', 'ru', 'de', 'fa']);
    const ru = createStrings('ru', tables.ru);
    expect(ru.t('search.resultCount', { n: 1 })).toBe('1 результат');
    expect(ru.t('search.resultCount', { n: 3 })).toBe('3 результата');
    expect(ru.t('search.resultCount', { n: 5 })).toBe('5 результатов');
    expect(createStrings('en', tables.en).t('sidebar.more', { n: 1234 })).toBe('… 1,234 more pages');
    expect(createStrings('de', tables.de).count('doc.readingTime', 4)).toEqual(['', '4', ' Min. Lesezeit']);
    expect(createStrings('de', tables.de).date('2019-01-15T10:00:00Z')).toBe('15. Januar 2019');
    expect(createStrings('fa', tables.fa).number(12)).toBe('۱۲');
    // A value is text: a placeholder inside it is left alone.
    expect(createStrings('en', tables.en).t('search.noResults', { query: '{n}' })).toBe('No results for “{n}”');
  });
});

describe('the browser’s strings', () => {
  it('carry only what differs from English, with `<` escaped', () => {
    expect(pageStringsHtml(resolveUiStrings(project(), ['en']).tables.en)).toBe('');
    const html = pageStringsHtml(resolveUiStrings(project({ de: { 'copy.copied': '</script><b>' } }), ['de']).tables.de);
    expect(html).toContain('"copy.copied":"\\u003c/script>\\u003cb>"');
    expect(html).not.toContain('toc.title');
  });

  it('have English texts in the browser code equal to en.json', () => {
    // Each `pageString('key', 'English'…)` (and `pageText`, and the chunks' `say`) in the browser code names the English text.
    const sources = ['src/runtime/code-copy.ts', 'src/runtime/preview-banner.ts', 'templates/search/client.ts', 'templates/components/ValidatedForm.tsx'];
    let calls = 0;
    for (const file of sources) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, key, english] of text.matchAll(/(?:pageString|pageText|say)\(\s*'([\w.]+)',\s*'([^']*)'/g)) {
        calls++;
        expect(english, `${file}: ${key}`).toBe(ENGLISH[key]);
      }
      for (const [, key, other, one] of text.matchAll(/pageString\(\s*'([\w.]+)',\s*\{ other: '([^']*)', one: '([^']*)' \}/g)) {
        calls++;
        expect([other, one], `${file}: ${key}`).toEqual([ENGLISH[key], ENGLISH[`${key}.one`]]);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(18);
  });
});
