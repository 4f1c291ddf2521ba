/**
 * The theme's UI strings for each of the site's languages, resolved once when the project loads (build and dev). A
 * locale takes each key from, in order: `site/i18n/<code>.json`, `site/i18n/<language>.json`, the built-in table of
 * its code, the built-in table of its language (`de-AT` → `de`; there is none for `pt-PT` or `zh-TW`), then English.
 * Keys that end in English are reported once per locale; unknown keys once per file (SG1003, `checks.strings`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../templates/i18n/en.json';
import { ENGLISH, baseKey, isKnownKey, type StringTable } from '../../templates/i18n/keys.ts';
import { SitegenError, codeFrame } from '../errors.ts';
import { hashText } from '../hash.ts';
import { TEMPLATES_DIR } from '../paths.ts';

/** Where a site's own strings live: `site/i18n/<code>.json`. */
export const STRINGS_DIR = 'site/i18n';

/** The languages the theme has a table for (templates/i18n/<code>.json). */
export const BUILT_IN_LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh-CN', 'pt-BR', 'ko', 'ru', 'ar', 'fa'] as const;

export interface UiStrings {
  /** By locale code: every key, English where the locale has no text of its own. */
  tables: Record<string, StringTable>;
  /** Missing keys (one problem per locale) and unknown keys (one per file). */
  problems: SitegenError[];
  /** The site files read (project-relative), for the dev server's watcher and the build id. */
  files: string[];
  hash: string;
}

const ENGLISH_KEYS = Object.keys(en).filter((key) => baseKey(key) === key);

/** The built-in table `code` takes: its own (any case), else its language's when that is a table of its own. */
export function builtInLocale(code: string): string | undefined {
  const lower = code.toLowerCase();
  const exact = BUILT_IN_LOCALES.find((c) => c.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  return (BUILT_IN_LOCALES as readonly string[]).includes(language) ? language : undefined;
}

/** The codes whose site file applies to `code`: itself, then its language. */
function siteCodes(code: string): string[] {
  const language = code.split('-')[0];
  return language !== code ? [code, language] : [code];
}

const builtIns = new Map<string, StringTable>();

function builtInTable(code: string): StringTable {
  if (code === 'en') return ENGLISH;
  let table = builtIns.get(code);
  if (!table) builtIns.set(code, (table = JSON.parse(readFileSync(join(TEMPLATES_DIR, 'i18n', `${code}.json`), 'utf8')) as StringTable));
  return table;
}

/** A site strings file: a flat object of texts. Not JSON, or not such an object: SG1003, with the place. */
export function readStringsFile(file: string, display: string): Record<string, string> {
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    const before = at ? text.slice(0, Number(at[1])).split('\n') : undefined;
    const line = before?.length;
    const column = before ? before[before.length - 1].length + 1 : undefined;
    throw new SitegenError('SG1003', `Invalid UI strings file: ${(error as Error).message}`, {
      location: { file: display, ...(line ? { line, column } : {}) },
      ...(line ? { frame: codeFrame(text, line, column) } : {}),
      hint: 'A strings file is one JSON object of texts: { "toc.title": "Auf dieser Seite" }.',
    });
  }
  const bad = !data || typeof data !== 'object' || Array.isArray(data) ? [] : Object.entries(data).filter(([, value]) => typeof value !== 'string');
  if (!data || typeof data !== 'object' || Array.isArray(data) || bad.length) {
    // At the first value that is not text, where the file writes its key.
    const at = bad.length ? text.indexOf(JSON.stringify(bad[0][0])) : -1;
    const line = at < 0 ? undefined : text.slice(0, at).split('\n').length;
    throw new SitegenError(
      'SG1003',
      bad.length ? `Invalid UI strings file: ${bad.map(([key]) => JSON.stringify(key)).join(', ')} is not text` : 'Invalid UI strings file: not a JSON object',
      {
        location: { file: display, ...(line ? { line } : {}) },
        ...(line ? { frame: codeFrame(text, line) } : {}),
        hint: 'A strings file is one JSON object of texts: { "toc.title": "Auf dieser Seite" }.',
      },
    );
  }
  return data as Record<string, string>;
}

/** Each key from the first layer that has it (with that layer's plural forms), else from English. */
function merge(layers: StringTable[]): { table: Record<string, string>; missing: string[] } {
  const table: Record<string, string> = {};
  const missing: string[] = [];
  for (const key of ENGLISH_KEYS) {
    const layer = layers.find((l) => Object.hasOwn(l, key));
    if (!layer) missing.push(key);
    const from = layer ?? ENGLISH;
    table[key] = from[key];
    if (from[key].includes('{n}')) {
      for (const form of ['zero', 'one', 'two', 'few', 'many']) if (Object.hasOwn(from, `${key}.${form}`)) table[`${key}.${form}`] = from[`${key}.${form}`];
    }
  }
  return { table, missing };
}

/** The tables of `codes` (the site's locales, or its one `lang`), with what is missing or unknown. */
export function resolveUiStrings(root: string, codes: string[]): UiStrings {
  const problems: SitegenError[] = [];
  const files: string[] = [];
  const siteFiles = new Map<string, Record<string, string> | undefined>();
  const siteFile = (code: string) => {
    if (!siteFiles.has(code)) {
      const rel = `${STRINGS_DIR}/${code}.json`;
      const file = join(root, rel);
      let table: Record<string, string> | undefined;
      if (existsSync(file)) {
        files.push(rel);
        table = readStringsFile(file, rel);
        const unknown = Object.keys(table).filter((key) => !isKnownKey(key));
        if (unknown.length) {
          problems.push(
            new SitegenError('SG1003', `Unknown UI string ${unknown.length === 1 ? 'key' : 'keys'} in ${rel}, left out: ${unknown.join(', ')}`, {
              location: { file: rel },
              hint: 'The keys are those of the theme’s English table (templates/i18n/en.json), and their plural forms (`.one`, `.few`, …).',
            }),
          );
          table = Object.fromEntries(Object.entries(table).filter(([key]) => isKnownKey(key)));
        }
      }
      siteFiles.set(code, table);
    }
    return siteFiles.get(code);
  };
  const tables: Record<string, StringTable> = {};
  for (const code of codes) {
    const builtIn = builtInLocale(code);
    const layers: StringTable[] = [];
    for (const c of siteCodes(code)) {
      const own = siteFile(c);
      if (own) layers.push(own);
    }
    if (builtIn) layers.push(builtInTable(builtIn));
    const { table, missing } = merge(layers);
    tables[code] = table;
    if (missing.length) {
      const own = siteCodes(code).find((c) => siteFiles.get(c));
      const rel = `${STRINGS_DIR}/${own ?? code}.json`;
      problems.push(
        new SitegenError(
          'SG1003',
          `${missing.length} UI ${missing.length === 1 ? 'string is' : 'strings are'} missing for "${code}" and shown in English: ${missing.join(', ')}`,
          {
            location: { file: rel },
            hint: `Add ${missing.length === 1 ? 'it' : 'them'} to ${rel}; templates/i18n/en.json has every key with its English text.`,
          },
        ),
      );
    }
  }
  return { tables, problems, files: files.sort(), hash: hashText(JSON.stringify(tables)) };
}

/** The keys markdown renders into a document's HTML (the copy button, callout titles, footnotes, tables, code groups). */
export const MARKDOWN_KEY = /^(copy|callout|markdown)\./;

/** Per locale, the strings markdown renders, for the locales where they are not English (none for an English site). */
export function markdownStrings(strings: UiStrings): Record<string, Record<string, string>> | undefined {
  let out: Record<string, Record<string, string>> | undefined;
  for (const [code, table] of Object.entries(strings.tables)) {
    const own = Object.fromEntries(Object.entries(table).filter(([key]) => MARKDOWN_KEY.test(key)));
    if (Object.entries(own).every(([key, text]) => ENGLISH[key] === text)) continue;
    (out ??= {})[code] = own;
  }
  return out;
}
