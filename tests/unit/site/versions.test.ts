import { describe, expect, it } from 'vitest';
import { setLocaleVersionHomes } from '../../../src/site/versions.ts';
import type { LocaleInfo, SiteInfo, VersionInfo } from '../../../templates/types.ts';

const languages = { lang: 'en', defaultLocale: 'en', locales: [] as LocaleInfo[] };
const siteWith = (versions: VersionInfo[]) => ({ versions }) as SiteInfo;

describe('setLocaleVersionHomes', () => {
  it("starts a locale without a root page at the latest version's start page, not an older version's first page", () => {
    const de: LocaleInfo = { code: 'de', label: 'Deutsch', dir: 'ltr', home: '/de/v1/guide' };
    const en: LocaleInfo = { code: 'en', label: 'English', dir: 'ltr', home: '/' };
    languages.locales = [en, de];
    const v = (dir: string, home?: string): VersionInfo => ({ dir, label: dir, path: `/${dir}`, ...(home ? { home } : {}) });
    setLocaleVersionHomes(
      [en, de],
      [
        { code: 'en', site: siteWith([v('v2', '/v2/guide'), v('v1', '/v1/guide')]) },
        { code: 'de', site: siteWith([v('v2', '/de/v2/guide'), v('v1', '/de/v1/guide')]) },
      ],
      languages,
    );
    expect(de.home).toBe('/de/v2/guide');
    expect(de.versionHomes).toEqual({ v2: '/de/v2/guide', v1: '/de/v1/guide' });
    // The default locale's root page stays its home.
    expect(en.home).toBe('/');
  });

  it('leaves a locale with no page in any version as it was', () => {
    const ar: LocaleInfo = { code: 'ar', label: 'العربية', dir: 'rtl', home: '/ar/blog' };
    setLocaleVersionHomes([ar], [{ code: 'ar', site: siteWith([{ dir: 'v2', label: 'v2', path: '/ar/v2' }]) }], languages);
    expect(ar.home).toBe('/ar/blog');
    expect(ar.versionHomes).toBeUndefined();
  });
});
