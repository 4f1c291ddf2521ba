import { describe, expect, it } from 'vitest';
import { decodeSource, firstInvalidUtf8 } from '../../../src/content/decode.ts';
import { reservedRoute } from '../../../src/content/paths.ts';

describe('decodeSource', () => {
  const text = '---\ntitle: Ünï ✓ 😀\n---\nBody\n';

  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeSource(Buffer.from(text))).toEqual({ text, hash: expect.any(String) });
    expect(decodeSource(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])).text).toBe(text);
  });

  it('reads UTF-16 little- and big-endian by the byte-order mark', () => {
    const le = Buffer.from(text, 'utf16le');
    expect(decodeSource(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toEqual({ text, hash: expect.any(String) });
    expect(decodeSource(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]))).toEqual({ text, hash: expect.any(String) });
  });

  it('names the line of a lone surrogate in UTF-16', () => {
    const units = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\nb\n', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('c', 'utf16le')]);
    expect(decodeSource(units)).toMatchObject({ text: 'a\nb\n\ufffdc', issue: { kind: 'invalid', line: 3, encoding: 'UTF-16LE' } });
  });

  it('has no text for NUL bytes without a UTF-16 mark, and says which kind', () => {
    expect(decodeSource(Buffer.from(text, 'utf16le'))).toMatchObject({ text: undefined, issue: { kind: 'utf16-no-bom', line: 1 } });
    expect(decodeSource(Buffer.from([0x61, 0x0a, 0x62, 0x00, 0xff, 0x10]))).toMatchObject({ text: undefined, issue: { kind: 'binary', line: 2 } });
    expect(decodeSource(Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]))).toMatchObject({ text: undefined, issue: { kind: 'utf32' } });
  });

  it('replaces bytes that are not UTF-8 and names the first with its line', () => {
    const bytes = Buffer.concat([Buffer.from('ok\nstill ok ✓\n'), Buffer.from([0x63, 0xe9, 0x0a, 0xc0, 0x80])]);
    expect(decodeSource(bytes)).toMatchObject({ text: 'ok\nstill ok ✓\nc\ufffd\n\ufffd\ufffd', issue: { kind: 'invalid', line: 3, byte: '0xE9' } });
  });

  it('finds the first invalid UTF-8 sequence as Node judges them', () => {
    const cases: number[][] = [
      [0x80],
      [0xc0, 0x80],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5],
      [0xe2, 0x9c],
      [0x61, 0xe2, 0x9c, 0x93, 0xff],
    ];
    for (const bytes of cases) expect(Buffer.from(bytes).toString('utf8'), JSON.stringify(bytes)).toContain('\ufffd');
    expect(cases.map((bytes) => firstInvalidUtf8(Buffer.from(bytes)))).toEqual([0, 0, 0, 0, 0, 0, 0, 4]);
    expect(firstInvalidUtf8(Buffer.from('plain ✓ 😀 ünï'))).toBe(-1);
  });
});

describe('reservedRoute', () => {
  it('refuses the places sitegen writes itself, whatever the case, and nothing else', () => {
    for (const path of [
      '/_sitegen',
      '/_sitegen/builds/latest.json',
      '/API/_content/query/x',
      '/__island/A_1.json',
      '/sitemap.xml',
      '/robots.txt/',
      '/blog/feed.xml',
      '/_redirects',
      '/_headers',
      '/404.html',
      '/500.html',
      '/docs/_payload.json',
      '/_payload.json/x',
    ]) {
      expect(reservedRoute(path), path).toBeTypeOf('string');
    }
    for (const path of ['/', '/404', '/api', '/api/content', '/sitegen', '/blog/feed', '/docs/payload.json', '/guide/_sitegen'])
      expect(reservedRoute(path), path).toBeUndefined();
    expect(reservedRoute('/atom.xml', ['/atom.xml'])).toBe('sitegen writes /atom.xml itself');
  });
});
