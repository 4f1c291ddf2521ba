import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageTitle } from '../../../src/render/head.ts';

describe('titles', () => {
  const site = { name: 'Ferrygate', separator: '·' };
  it('joins page and site with the separator', () => {
    expect(pageTitle('Pricing', site)).toBe('Pricing · Ferrygate');
  });
  it('adds the docs section between them', () => {
    expect(pageTitle('Tunnels', site, 'Guide')).toBe('Tunnels · Guide · Ferrygate');
  });
  it('drops a dangling separator', () => {
    expect(pageTitle('', site)).toBe('Ferrygate');
    expect(pageTitle('Pricing', { name: 'Ferrygate', separator: ' ' })).toBe('Pricing Ferrygate');
  });
  it('does not repeat the site name', () => {
    expect(pageTitle('Ferrygate — webhooks and tunnels', site)).toBe('Ferrygate — webhooks and tunnels');
  });
});

describe('canonical URLs', () => {
  const whitelist = ['page', 'sort', 'filter', 'search', 'q', 'category', 'tag'];
  it('keeps only whitelisted query parameters, sorted', () => {
    expect(canonicalUrl({ url: 'https://ferrygate.dev' }, '/blog', 'utm_source=x&tag=tunnels&page=2', whitelist)).toBe(
      'https://ferrygate.dev/blog?page=2&tag=tunnels',
    );
  });
  it('follows the trailing-slash setting', () => {
    expect(canonicalUrl({ url: 'https://ferrygate.dev', trailingSlash: true }, '/about')).toBe('https://ferrygate.dev/about/');
    // A page file named with a space: a valid URL; letters of any script stay as they are.
    expect(canonicalUrl({ url: 'https://ferrygate.dev' }, '/About Us')).toBe('https://ferrygate.dev/About%20Us');
    expect(canonicalUrl({ url: 'https://ferrygate.dev' }, '/ja/始める')).toBe('https://ferrygate.dev/ja/始める');
    expect(canonicalUrl({ url: 'https://ferrygate.dev', trailingSlash: false }, '/about/')).toBe('https://ferrygate.dev/about');
    expect(canonicalUrl({ url: 'https://ferrygate.dev' }, '/download/index.html')).toBe('https://ferrygate.dev/download/index.html');
  });
});
