import { describe, expect, it } from 'vitest';
import { linkTranslations } from '../../../src/site/locales.ts';
import type { LocaleInfo, PageData } from '../../../templates/types.ts';

const locales: LocaleInfo[] = ['en', 'de', 'ja'].map((code) => ({ code, label: code, dir: 'ltr' }));
const site = { lang: 'en', defaultLocale: 'en', locales };
const page = (path: string, locale: string, translationKey?: string) =>
  ({ path, locale, source: `content${path}.md`, frontmatter: translationKey ? { translationKey } : {} }) as unknown as PageData;

describe('linkTranslations', () => {
  it('pairs by translationKey across different paths', () => {
    const pages = [page('/prices', 'en', 'prices'), page('/ja/ryoukin', 'ja', 'prices')];
    linkTranslations(pages, site);
    expect(pages[1].translations).toEqual([
      { locale: 'en', path: '/prices' },
      { locale: 'ja', path: '/ja/ryoukin' },
    ]);
  });

  it('pairs by path a translation whose translationKey no other page shares (set on one side only, or mistyped)', () => {
    const pages = [page('/guide/install', 'en'), page('/de/guide/install', 'de', 'install'), page('/ja/guide/install', 'ja', 'instal')];
    linkTranslations(pages, site);
    const all = [
      { locale: 'en', path: '/guide/install' },
      { locale: 'de', path: '/de/guide/install' },
      { locale: 'ja', path: '/ja/guide/install' },
    ];
    for (const p of pages) expect(p.translations, p.path).toEqual(all);
  });

  it('reports a translationKey on two pages of one locale, and pairs the first', () => {
    const pages = [page('/prices', 'en', 'prices'), page('/ja/ryoukin', 'ja', 'prices'), page('/ja/nedan', 'ja', 'prices')];
    const problems = linkTranslations(pages, site);
    expect(problems.map((p) => [p.code, p.message, p.location?.file])).toEqual([
      ['SG3011', 'translationKey "prices" is on two ja pages: content/ja/ryoukin.md and content/ja/nedan.md', 'content/ja/nedan.md'],
    ]);
    expect(pages[0].translations).toEqual([
      { locale: 'en', path: '/prices' },
      { locale: 'ja', path: '/ja/ryoukin' },
    ]);
  });
});
