import { describe, expect, it } from 'vitest';
import {
  compareNumeric,
  compareStems,
  contentId,
  contentStem,
  isPartial,
  normalizeRoutePath,
  parentDir,
  postFileParts,
  postPath,
  routeToFile,
  routeToPayload,
  stemLocale,
  stemToPath,
} from '../../../src/content/paths.ts';

describe('document ids and stems', () => {
  it('builds _id from the source path with : separators', () => {
    expect(contentId('blog/2020-01-21-foo.md')).toBe('content:blog:2020-01-21-foo.md');
  });
  it('keeps numeric prefixes in _stem and drops the extension', () => {
    expect(contentStem('v1/guide/1.intro.md')).toBe('v1/guide/1.intro');
  });
});

describe('_path', () => {
  it('strips one order prefix per segment', () => {
    expect(stemToPath('1.guide/2.setup')).toBe('/guide/setup');
  });
  it('turns a trailing index into the folder route', () => {
    expect(stemToPath('v1/guide/index')).toBe('/v1/guide');
    expect(stemToPath('index')).toBe('/');
  });
  it('slugs segments to lower case', () => {
    expect(stemToPath('Guides/Getting Started')).toBe('/guides/getting-started');
    expect(stemToPath('café/Über uns')).toBe('/cafe/uber-uns');
  });
  it('keeps a number that is not an order prefix', () => {
    expect(stemToPath('blog/2020')).toBe('/blog/2020');
  });
});

describe('_dir, _partial and _locale', () => {
  it('gives the parent segment as _dir', () => {
    expect(parentDir('/v1/guide/tunnels')).toBe('guide');
    expect(parentDir('/about')).toBe('');
  });
  it('marks any underscore segment as partial', () => {
    expect(isPartial('_partials/note')).toBe(true);
    expect(isPartial('guide/_snippet')).toBe(true);
    expect(isPartial('guide/intro')).toBe(false);
  });
  it('uses the first folder when it is a configured locale', () => {
    expect(stemLocale('de/about', ['en', 'de'], 'en')).toBe('de');
  });
  it('adds the default locale to other documents when locales are configured', () => {
    expect(stemLocale('about', ['en', 'de'], 'en')).toBe('en');
    expect(stemLocale('fr/about', ['en', 'de'], 'en')).toBe('en');
  });
  it('adds no locale when none are configured', () => {
    expect(stemLocale('about', [], 'en')).toBeUndefined();
  });
});

describe('blog permalinks', () => {
  it('reads date and slug from the file name', () => {
    expect(postFileParts('blog/2020-01-21-designing-delivery')).toEqual({ date: '2020-01-21', slug: 'designing-delivery' });
  });
  it('has no slug when the file name is only a date', () => {
    expect(postFileParts('blog/2020-01-21')).toEqual({ date: '2020-01-21', slug: undefined });
  });
  it('builds /blog/YYYY/MM/DD/slug', () => {
    expect(postPath('blog', '2019-01-15T09:00:00.000Z', 'introducing-ferrygate')).toBe('/blog/2019/01/15/introducing-ferrygate');
  });
});

describe('collections sort', () => {
  it('sorts stems with numeric collation', () => {
    const stems = ['10.a', '2.b', '1.c'].map((_stem) => ({ _stem }));
    expect(stems.sort(compareStems).map((s) => s._stem)).toEqual(['1.c', '2.b', '10.a']);
  });
});

describe('output files', () => {
  it('writes routes as folders with index.html', () => {
    expect(routeToFile('/')).toBe('index.html');
    expect(routeToFile('/v1/guide')).toBe('v1/guide/index.html');
  });
  it('writes a route that ends in .html to exactly that file', () => {
    expect(routeToFile('/download/index.html')).toBe('download/index.html');
  });
  it('puts payloads beside the page, the root one at /_payload.json', () => {
    expect(routeToPayload('/')).toBe('_payload.json');
    expect(routeToPayload('/about')).toBe('about/_payload.json');
    expect(routeToPayload('/download/index.html')).toBe('download/_payload.json');
  });
  it('normalises link targets for lookup', () => {
    expect(normalizeRoutePath('/about/')).toBe('/about');
    expect(normalizeRoutePath('/download/index.html')).toBe('/download');
    expect(normalizeRoutePath('/')).toBe('/');
  });
});

describe('compareNumeric', () => {
  it('orders every pair as the numeric collator does, whatever the characters', () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const sign = (n: number) => Math.sign(n);
    const alphabet = ['a', 'b', 'z', 'A', 'Z', '0', '1', '2', '9', '-', '.', '/', '_', ' ', 'é', 'e\u0301', 'ß', '10', '007'];
    let x = 12345;
    const next = () => ((x = (x * 1103515245 + 12345) % 2147483648), x / 2147483648);
    const word = () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    for (let i = 0; i < 20000; i++) {
      const prefix = next() < 0.5 ? 'blog/2019/' : '';
      const a = prefix + word();
      const b = next() < 0.3 ? a + word() : prefix + word();
      expect([a, b, sign(compareNumeric(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);
    }
    expect(['post-10', 'post-9', 'post-1008', 'Post-2', 'post-02'].sort(compareNumeric)).toEqual(
      [...['post-10', 'post-9', 'post-1008', 'Post-2', 'post-02']].sort(collator.compare),
    );
  });
});
