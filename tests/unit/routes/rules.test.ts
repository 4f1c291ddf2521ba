import { describe, expect, it } from 'vitest';
import { createMatcher, expandDynamicRedirects, matchRule, patternKind, resolveRedirect } from '../../../src/routes/rules.ts';

describe('route rule patterns', () => {
  it('classifies exact, wildcard and dynamic patterns', () => {
    expect(patternKind('/old')).toBe('static');
    expect(patternKind('/docs/**')).toBe('wildcard');
    expect(patternKind('/v1/:section/:slug.html')).toBe('dynamic');
    expect(patternKind('/a/*/b')).toBe('dynamic');
  });
  it('normalises string redirects to 301', () => {
    const m = createMatcher({ '/old': { redirect: '/new' } });
    expect(m.static['/old']).toEqual({ redirect: { to: '/new', statusCode: 301 } });
  });
  it('keeps an explicit status code', () => {
    const m = createMatcher({ '/old': { redirect: { to: '/new', statusCode: 302 } } });
    expect(resolveRedirect(m, '/old')).toEqual({ to: '/new', statusCode: 302 });
  });
});

describe('matching', () => {
  const m = createMatcher({
    '/docs/**': { redirect: '/v1/guide' },
    '/docs/api/**': { redirect: '/api-reference' },
    '/v1/:section/:slug.html': { redirect: '/v1/:section/:slug' },
    '/exact': { redirect: '/there' },
  });
  it('prefers the longest wildcard prefix', () => {
    expect(resolveRedirect(m, '/docs/api/users')?.to).toBe('/api-reference');
    expect(resolveRedirect(m, '/docs/intro')?.to).toBe('/v1/guide');
  });
  it('matches the wildcard prefix itself', () => {
    expect(resolveRedirect(m, '/docs')?.to).toBe('/v1/guide');
  });
  it('does not match a path that only shares a prefix string', () => {
    expect(matchRule(m, '/docsify')).toBeUndefined();
  });
  it('fills parameters into the target', () => {
    expect(resolveRedirect(m, '/v1/guide/tunnels.html')).toEqual({ to: '/v1/guide/tunnels', statusCode: 301 });
  });
  it('matches exact rules before patterns', () => {
    expect(resolveRedirect(m, '/exact')?.to).toBe('/there');
  });
});

describe('expanding dynamic redirects', () => {
  it('derives concrete sources from the prerendered routes that match the target', () => {
    const m = createMatcher({ '/v1/**.html': { redirect: '/v1/**' } });
    const out = expandDynamicRedirects(m, ['/', '/v1/guide/tunnels', '/v1/examples/auth/endpoint-authentication']);
    expect([...out.keys()]).toEqual(['/v1/guide/tunnels.html', '/v1/examples/auth/endpoint-authentication.html']);
    expect(out.get('/v1/guide/tunnels.html')).toEqual({ to: '/v1/guide/tunnels', statusCode: 301 });
  });
});
