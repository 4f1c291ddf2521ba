import { describe, expect, it } from 'vitest';
import { categoryLabel, initials, isActive, tagSlug } from '../../../templates/components/util.ts';

describe('isActive (header navigation)', () => {
  it('marks the link itself and the pages below it', () => {
    expect(isActive('/guide', '/guide')).toBe(true);
    expect(isActive('/guide', '/guide/setup')).toBe(true);
    expect(isActive('/guide', '/guides')).toBe(false);
    expect(isActive('/', '/about')).toBe(false);
    expect(isActive('https://example.com/', '/')).toBe(false);
  });
  it("uses the item's activeMatch instead of the ancestor rule when it has one", () => {
    const match = '^/(v1/|api-reference$)';
    expect(isActive('/v1/guide', '/v1/examples/tunnels', match)).toBe(true);
    expect(isActive('/v1/guide', '/api-reference', match)).toBe(true);
    expect(isActive('/v1/guide', '/api-reference/x', match)).toBe(false);
    expect(isActive('/v1/guide', '/pricing', match)).toBe(false);
    expect(isActive('/v1/guide', '/v1/guide', match)).toBe(true);
  });
});

describe('categoryLabel', () => {
  it('takes the label from the site config, else title-cases the slug', () => {
    const labels = { 'home-automation': 'Home automation', howto: 'How-to' };
    expect(categoryLabel('home-automation', labels)).toBe('Home automation');
    expect(categoryLabel('howto', labels)).toBe('How-to');
    expect(categoryLabel('release-notes', labels)).toBe('Release Notes');
    expect(categoryLabel('home-automation')).toBe('Home Automation');
    expect(categoryLabel('constructor', labels)).toBe('Constructor');
  });
});

describe('tagSlug', () => {
  it('makes route segments of any script, the same each time it is asked', () => {
    const cases: [string, string][] = [
      ['Local Dev', 'local-dev'],
      ['  local_dev ', 'local-dev'],
      ['C++', 'c-plus-plus'],
      ['C#', 'c-sharp'],
      ['C', 'c'],
      ['#hashtag', 'hashtag'],
      ['++', ''],
      ['a+b', 'a-plus-b'],
      ['Node.js', 'nodejs'],
      ['Ünïcode Tags', 'ünïcode-tags'],
      ['日本語 タグ', '日本語-タグ'],
      ['--a -- b--', 'a-b'],
      ['!!!', ''],
    ];
    // Twice over: the second pass answers from the slugs already made.
    for (const round of [1, 2]) for (const [tag, slug] of cases) expect(tagSlug(tag), `${tag} (round ${round})`).toBe(slug);
  });

  it('keeps answering rightly past the slugs it holds', () => {
    for (let i = 0; i < 10_050; i++) expect(tagSlug(`Tag ${i}`)).toBe(`tag-${i}`);
    expect(tagSlug('Local Dev')).toBe('local-dev');
  });
});

describe('initials (avatars of authors without a picture)', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Cher', 'C'],
    ['Jean-Claude van  Damme', 'JD'],
    ['Ådne Ørsted', 'ÅØ'],
    ['A\u030Adne O\u0308rsted', 'ÅÖ'],
    ['李小龙', '李'],
    ['Иван Петров', 'ИП'],
    ['@handle', 'H'],
    ['😀 Smiley Person', 'SP'],
    ['😀', '😀'],
    ['👩🏽‍💻', '👩🏽‍💻'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('never gives half of a surrogate pair', () => {
    // A lone surrogate is a high (D800-DBFF) not followed by a low (DC00-DFFF), or a low without a high before it.
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const name of ['😀 Smiley', '𝒜lice 𝔅ob', '🎉', '𠀋𠀌 x']) expect(initials(name), name).not.toMatch(lone);
    expect(initials('𝒜lice 𝔅ob')).toBe('𝒜𝔅');
  });
});
