/**
 * Link and anchor checks: a link to a route or file that exists passes, a dead one and a missing
 * anchor are reported once each with the source line, whichever way a page's ids are searched.
 */
import { describe, expect, it } from 'vitest';
import { TakenOverPage, checkLinks, targetsKey, type CheckedPage } from '../../../src/pipeline/checks.ts';
import { hashText } from '../../../src/hash.ts';

const page = (path: string, links: string[], ids: string[], lines: Record<string, number> = {}): CheckedPage => ({
  path,
  source: `content${path}.md`,
  links,
  ids,
  doc: { links: Object.entries(lines).map(([href, line]) => ({ href, line })) },
});

const targets = { routes: new Set(['/a', '/b', '/many']), redirects: new Set(['/old']), files: new Set(['/logo.svg']) };
const levels = { links: 'error', anchors: 'error' };

describe('checkLinks', () => {
  it('passes links to pages, redirects, files and anchors that exist', () => {
    const many = Array.from({ length: 40 }, (_, n) => `heading-${n}`);
    const pages = [
      page('/a', ['/b#intro', '/old', '/logo.svg', '#top', '/many#heading-39'], ['top']),
      page('/b', ['/a'], ['intro']),
      page('/many', ['#heading-0'], many),
    ];
    expect(checkLinks(pages, targets, levels)).toEqual([]);
  });

  it('reports a dead link and missing anchors on pages with few ids and with many', () => {
    const many = Array.from({ length: 40 }, (_, n) => `heading-${n}`);
    const pages = [
      page('/a', ['/gone', '/b#nowhere', '/many#heading-40', '/many#heading-40'], ['top'], { '/gone': 7, '/b#nowhere': 9 }),
      page('/b', ['/gone'], ['intro']),
      page('/many', [], many),
    ];
    const problems = checkLinks(pages, targets, levels);
    expect(problems.map((p) => [p.code, p.message, p.location?.line])).toEqual([
      ['SG5001', 'Broken link to /gone on /a (and 1 other page)', 7],
      ['SG5002', 'Missing anchor: /b#nowhere on /a', 9],
      ['SG5002', 'Missing anchor: /many#heading-40 on /a', undefined],
    ]);
  });

  it('reads a fragment alone against the page it is on, however many pages carry the same one', () => {
    const pages = [page('/a', ['#top', '/b#top'], ['top']), page('/b', ['#top'], ['intro']), page('/many', ['#top'], ['top'])];
    expect(checkLinks(pages, targets, levels).map((p) => p.message)).toEqual(['Missing anchor: /b#top on /a', 'Missing anchor: #top on /b']);
  });

  it('reports a fragment that is not valid percent-encoding as written, instead of failing', () => {
    const pages = [page('/a', ['#100%', '/b#50%25'], ['top']), page('/b', [], ['50%'])];
    expect(checkLinks(pages, targets, levels).map((p) => p.message)).toEqual(['Missing anchor: #100% on /a']);
  });

  it('leaves anchors alone when anchor checks are off', () => {
    const pages = [page('/a', ['/b#nowhere'], []), page('/b', [], [])];
    expect(checkLinks(pages, targets, { links: 'error', anchors: 'off' })).toEqual([]);
  });
});

describe('a page taken over', () => {
  const lazy = (ids: string[], idsKey?: string) => ({
    get links(): string[] {
      linkReads++;
      return ['/b#top'];
    },
    get ids(): string[] {
      reads++;
      return ids;
    },
    ...(idsKey ? { idsKey } : {}),
  });
  let reads = 0;
  let linkReads = 0;

  it('counts in the checks key by the hash of its ids, which its record gives without them', () => {
    const rendered = { ...page('/b', [], ['top', 'other']), idsKey: hashText('top\u0001other') };
    const taken = new TakenOverPage('/b', 'content/b.md', lazy(['top', 'other'], hashText('top\u0001other')), false);
    reads = 0;
    expect(targetsKey([taken], targets, levels, false)).toBe(targetsKey([rendered], targets, levels, false));
    expect(reads).toBe(0);
    // A record from before the hash was kept: made from its ids, the same key.
    expect(targetsKey([new TakenOverPage('/b', 'content/b.md', lazy(['top', 'other']), false)], targets, levels, false)).toBe(
      targetsKey([rendered], targets, levels, false),
    );
    expect(targetsKey([new TakenOverPage('/b', 'content/b.md', lazy(['top']), false)], targets, levels, false)).not.toBe(
      targetsKey([rendered], targets, levels, false),
    );
  });

  it('is a target with its ids, and its links are not read when only the new pages are checked', () => {
    reads = 0;
    linkReads = 0;
    const taken = new TakenOverPage('/b', 'content/b.md', lazy(['top'], 'k'), false);
    const fresh = page('/a', ['/b#top', '/b#gone'], []);
    const problems = checkLinks([fresh, taken], targets, levels, (p) => !p.copied);
    expect(problems.map((p) => p.message)).toEqual(['Missing anchor: /b#gone on /a']);
    expect(reads).toBeGreaterThan(0);
    expect(linkReads).toBe(0);
    // All pages checked: its links are read, and its own anchor link found.
    expect(checkLinks([fresh, taken], targets, levels).map((p) => p.message)).toEqual(['Missing anchor: /b#gone on /a']);
    expect(linkReads).toBe(1);
    // Content from another folder: its links are its document's.
    expect(new TakenOverPage('/b', 'content/b.md', lazy([]), true).links).toBeUndefined();
  });
});
