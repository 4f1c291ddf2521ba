/** The pages `sitegen dev` keeps (src/dev/pages.ts): a render that throws leaves the route's last good page in place. */
import { describe, expect, it } from 'vitest';
import { KEPT_UNKNOWN, RenderedPages } from '../../../src/dev/pages.ts';
import { SitegenError } from '../../../src/errors.ts';
import type { RenderedPage } from '../../../src/render/types.ts';

const page = (html: string, status = 200): RenderedPage => ({ path: '/a', status, html, payload: `{"html":"${html}"}`, links: [], ids: [], islands: [] });
const failed = (message: string): RenderedPage => ({ ...page(''), payload: '', error: new SitegenError('SG4001', message).toJSON() });

describe('RenderedPages', () => {
  it("keeps a route's last good page, with the error, while its render throws", () => {
    const pages = new RenderedPages();
    pages.set('/a', page('v1'));
    pages.clear(new Set(['/a']));
    const shown = pages.set('/a', failed('/a failed to render: boom'));
    expect(shown.html).toBe('v1');
    expect(shown.error?.message).toBe('/a failed to render: boom');
    expect(pages.get('/a')).toBe(shown);
    expect(pages.problems().map((p) => p.message)).toEqual(['/a failed to render: boom']);
    pages.set('/a', page('v2'));
    expect(pages.problems()).toEqual([]);
    expect(pages.get('/a')?.error).toBeUndefined();
  });

  it('keeps a failed page without HTML when the route has no good version', () => {
    const pages = new RenderedPages();
    // The not-found page an unknown path rendered is not the route's last good version.
    pages.set('/a', page('not found', 404), { route: false });
    pages.clear(new Set(['/a']));
    expect(pages.set('/a', failed('boom')).html).toBe('');
  });

  it("drops a route's problem with its page, and the last good pages of routes that are gone", () => {
    const pages = new RenderedPages();
    pages.set('/a', page('v1'));
    pages.set('/a', failed('boom'));
    pages.delete('/a');
    expect(pages.has('/a')).toBe(false);
    expect(pages.problems()).toEqual([]);
    pages.clear(new Set());
    expect(pages.set('/a', failed('boom')).html).toBe('');
  });

  it('keeps the not-found pages of the latest unknown paths only, however many are asked for, and every route', () => {
    const pages = new RenderedPages();
    pages.set('/a', page('a'));
    for (let i = 0; i < KEPT_UNKNOWN * 3; i++) pages.set(`/no/${i}`, page(`not found ${i}`, 404), { route: false });
    // A throwing not-found page: its problems are bounded too.
    for (let i = 0; i < KEPT_UNKNOWN * 3; i++) pages.set(`/gone/${i}`, failed(`/gone/${i} failed to render`), { route: false });
    expect(pages.get('/a')?.html).toBe('a');
    expect(pages.has('/no/0')).toBe(false);
    expect(pages.has(`/gone/${KEPT_UNKNOWN * 2 - 1}`)).toBe(false);
    expect(pages.has(`/gone/${KEPT_UNKNOWN * 2}`)).toBe(true);
    expect(pages.problems()).toHaveLength(KEPT_UNKNOWN);
    // An unknown path that becomes a route is kept as a route.
    pages.set(`/gone/${KEPT_UNKNOWN * 2}`, page('now a page'));
    for (let i = 0; i < KEPT_UNKNOWN; i++) pages.set(`/later/${i}`, page('not found', 404), { route: false });
    expect(pages.get(`/gone/${KEPT_UNKNOWN * 2}`)?.html).toBe('now a page');
  });
});
