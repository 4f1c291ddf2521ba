import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/load.ts';
import { SitegenError } from '../../../src/errors.ts';

function problems(input: unknown): string {
  try {
    resolveConfig(input, '/tmp');
  } catch (error) {
    expect(error).toBeInstanceOf(SitegenError);
    return (error as SitegenError).message;
  }
  throw new Error('expected the config to be rejected');
}

describe('site config', () => {
  it('fills every default from one schema', () => {
    const config = resolveConfig({}, '/tmp');
    expect(config).toMatchObject({
      indexable: true,
      trailingSlash: false,
      separator: '|',
      locales: [],
      routeRules: {},
      analytics: false,
      checkInterval: 3_600_000,
      plugins: ['react-sitegen/plugins/seo', 'react-sitegen/plugins/markdown'],
      contentDir: 'content',
      outDir: 'dist',
      blogDir: 'blog',
    });
    expect(config.canonicalQueryWhitelist).toEqual(['page', 'sort', 'filter', 'search', 'q', 'category', 'tag']);
    // Theme defaults that suit any site: the whole content folder is the docs, no category labels.
    expect(config.theme).toMatchObject({ docsRoot: '', docsSections: [], categoryLabels: {} });
  });
  it('checks theme.categoryLabels as a record of strings', () => {
    expect(resolveConfig({ theme: { categoryLabels: { 'home-automation': 'Home automation' } } }, '/tmp').theme.categoryLabels).toEqual({
      'home-automation': 'Home automation',
    });
    expect(problems({ theme: { categoryLabels: { news: 1 } } })).toContain('theme.categoryLabels.news');
  });
  it('drops a trailing slash from the url', () => {
    expect(resolveConfig({ url: 'https://ferrygate.dev/' }, '/tmp').url).toBe('https://ferrygate.dev');
  });
  it('defaults defaultLocale to the first locale', () => {
    expect(resolveConfig({ locales: ['de', 'en'] }, '/tmp').defaultLocale).toBe('de');
  });
  it('reports a wrong type as expected/received', () => {
    expect(problems({ checkInterval: 'hourly' })).toBe('! checkInterval: expected number, received "hourly"');
  });
  it('reports every problem, one per line', () => {
    expect(problems({ indexable: 'yes', locales: 'en' }).split('\n')).toEqual([
      '! indexable: expected boolean, received "yes"',
      '! locales: expected array, received "en"',
    ]);
  });
  it('reports nested keys with their path', () => {
    expect(problems({ routeRules: { '/old': { redirect: 42 } } })).toMatch(/^! routeRules\.\/old\.redirect: expected .*, received 42$/);
  });
  it('rejects unknown keys', () => {
    expect(problems({ titel: 'x' })).toBe('! titel: expected no such key, received an unknown key');
  });
  it('rejects a negative interval', () => {
    expect(problems({ checkInterval: -5 })).toBe('! checkInterval: expected a value > 0, received -5');
  });
  it('rejects a defaultLocale outside locales', () => {
    expect(problems({ locales: ['en'], defaultLocale: 'fr' })).toBe('! defaultLocale: expected one of "en", received "fr"');
  });
});

describe('theme.versions', () => {
  it('labels each version by its folder unless told, and makes the latest the docs root', () => {
    const { theme } = resolveConfig({ theme: { versions: [{ dir: '/v2/', label: 'v2 (beta)' }, { dir: 'v1' }] } }, '/tmp');
    expect(theme.versions).toEqual([
      { dir: 'v2', label: 'v2 (beta)' },
      { dir: 'v1', label: 'v1' },
    ]);
    expect(theme.docsRoot).toBe('v2');
    expect(resolveConfig({ theme: { versions: [{ dir: 'v1' }], docsRoot: 'v1' } }, '/tmp').theme.docsRoot).toBe('v1');
    expect(resolveConfig({}, '/tmp').theme.versions).toEqual([]);
  });

  it('rejects a nested folder, a version listed twice and a docs root that is not the latest', () => {
    expect(problems({ theme: { versions: [{ dir: 'docs/v2' }] } })).toBe('! theme.versions.0.dir: expected a folder name like v2, received "docs/v2"');
    expect(problems({ theme: { versions: [{ dir: 'v1' }, { dir: 'v1' }] } })).toBe('! theme.versions: "v1" is listed twice');
    expect(problems({ theme: { versions: [{ dir: 'v2' }, { dir: 'v1' }], docsRoot: 'docs' } })).toBe(
      `! theme.docsRoot: expected the latest version's folder ("v2") or nothing, received "docs"`,
    );
  });

  it('rejects a locale code that is no BCP 47 tag, such as de_DE', () => {
    expect(problems({ locales: ['en', 'de_DE', { code: 'pt_BR' }], defaultLocale: 'en' })).toBe(
      [
        '! locales.1: expected a BCP 47 language tag like de or pt-BR, received "de_DE"',
        '! locales.2.code: expected a BCP 47 language tag like de or pt-BR, received "pt_BR"',
      ].join('\n'),
    );
    expect(resolveConfig({ locales: ['en', 'de-AT', 'zh-Hans'] }, '/tmp').locales.map((l) => l.code)).toEqual(['en', 'de-AT', 'zh-Hans']);
  });
});

describe('theme.outline', () => {
  it("takes VitePress's forms: a level, [min, max], 'deep' or false; [2, 3] by default", () => {
    const outline = (value: unknown) => resolveConfig({ theme: { outline: value } }, '/tmp').theme.outline;
    expect(resolveConfig({}, '/tmp').theme.outline).toEqual([2, 3]);
    expect(outline(2)).toEqual([2, 2]);
    expect(outline([2, 4])).toEqual([2, 4]);
    expect(outline('deep')).toEqual([2, 6]);
    expect(outline(false)).toBe(false);
  });
  it('rejects any other value, naming the key and what it takes', () => {
    const expected = 'expected false, "deep", a heading level 1-6 or a range of levels like [2, 3]';
    expect(problems({ theme: { outline: [3, 2] } })).toBe(`! theme.outline: ${expected}, received array`);
    expect(problems({ theme: { outline: 7 } })).toBe(`! theme.outline: ${expected}, received 7`);
    expect(problems({ theme: { outline: 'shallow' } })).toBe(`! theme.outline: ${expected}, received "shallow"`);
    expect(problems({ theme: { outline: true } })).toBe(`! theme.outline: ${expected}, received true`);
  });
});

describe('links in the config', () => {
  it('take paths, anchors and URLs of any scheme that runs no script', () => {
    const links = ['/docs', '#top', 'guide/setup', 'https://example.com', 'mailto:me@example.com', 'tel:+123', 'matrix:r/room:example.org'];
    const config = resolveConfig(
      { theme: { nav: links.map((href) => ({ text: href, href })), editLink: 'https://github.com/me/site/edit/main/{path}' } },
      '/tmp',
    );
    expect(config.theme.nav.map((l) => l.href)).toEqual(links);
  });
  it('refuse javascript:, vbscript: and data: however written, and a site url or analytics host that is not http(s)', () => {
    const expected = 'expected a path or a URL other than javascript:, vbscript: or data:';
    expect(problems({ theme: { actions: [{ text: 'x', href: '\tjava\nscript:alert(1)' }] } })).toBe(
      `! theme.actions.0.href: ${expected}, received "\\tjava\\nscript:alert(1)"`,
    );
    expect(problems({ theme: { logo: { src: 'DATA:image/svg+xml,<svg onload=alert(1)>' } } })).toBe(
      `! theme.logo.src: ${expected}, received "DATA:image/svg+xml,<svg onload=alert(1)>"`,
    );
    expect(problems({ theme: { postCta: { title: 't', text: 't', label: 'l', href: 'vbscript:x' } } })).toBe(
      `! theme.postCta.href: ${expected}, received "vbscript:x"`,
    );
    expect(problems({ url: 'javascript:alert(1)' })).toBe('! url: expected an http:// or https:// URL, received "javascript:alert(1)"');
    expect(problems({ analytics: { provider: 'plausible', domain: 'x', host: 'javascript:alert(1)' } })).toContain('! analytics');
  });
});
