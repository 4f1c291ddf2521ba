/**
 * What the search client makes of a hit (templates/search/match.ts): the heading a result links to, the order of the
 * results (a page with a heading about every word of the query first), and the words it marks.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { bestAnchor, marks, ranked } from '../../../templates/search/match.ts';
import { INDEX_OPTIONS, SEARCH_OPTIONS, type SearchDocument, anchorOf, headingSlug } from '../../../templates/search/options.ts';
import { headingSlug as rendererSlug } from '../../../src/markdown/slugify.ts';

/** The parts as text, the marked ones in brackets. */
const shown = (text: string, terms: string[]) =>
  marks(text, terms)
    .map((p) => (p.mark ? `[${p.text}]` : p.text))
    .join('');

const doc = (path: string, title: string, anchors: [string, string][], text = ''): SearchDocument => ({
  path,
  title,
  section: 'Docs',
  description: '',
  headings: anchors.map(([, t]) => t).join(' · '),
  anchors,
  text,
});

describe('bestAnchor', () => {
  const hit = (title: string, anchors: [string, string][], terms: string[]) => ({ title, anchors, terms, queryTerms: terms });

  it('links to the first heading holding the most of the words the hit matched', () => {
    const anchors: [string, string][] = [
      ['ferry-login', 'ferry login'],
      ['ferry-mcp', 'ferry mcp'],
      ['mcp-tools', 'MCP tools'],
    ];
    expect(bestAnchor(hit('CLI reference', anchors, ['ferry', 'mcp']))).toEqual(['ferry-mcp', 'ferry mcp']);
    expect(bestAnchor(hit('CLI reference', anchors, ['mcp']))).toEqual(['ferry-mcp', 'ferry mcp']);
  });

  it('links to a heading that holds, with the title, every word; not to one that holds one word of several', () => {
    const tunnels: [string, string][] = [
      ['tcp-tunnels', 'TCP tunnels'],
      ['custom-domains', 'Custom domains'],
    ];
    expect(bestAnchor(hit('Tunnels', tunnels, ['tunnel', 'custom', 'domain']))).toEqual(['custom-domains', 'Custom domains']);
    const cli: [string, string][] = [
      ['ferry-login', 'ferry login'],
      ['config-file', 'Config file'],
    ];
    expect(bestAnchor(hit('CLI reference', cli, ['ferry', 'yaml']))).toBeUndefined();
  });

  it('links to the page itself when its title holds every word, or no heading holds one', () => {
    expect(bestAnchor(hit('Tunnels', [['tcp-tunnels', 'TCP tunnels']], ['tunnel']))).toBeUndefined();
    expect(bestAnchor(hit('CLI reference', [['ferry-login', 'ferry login']], ['bookmark']))).toBeUndefined();
    expect(bestAnchor({ title: 'CLI reference', terms: ['ferry'], queryTerms: ['ferry'] })).toBeUndefined();
  });
});

describe('stored headings', () => {
  it('are their text alone when the id is the text slugged as the markdown renderer slugs it', () => {
    for (const text of [
      'ferry mcp',
      'Step 3: Forward to the Jenkins webhook path',
      '`ferry.yaml` & env',
      '日本語の見出し',
      'C++ / Ruby_on_Rails',
      '  ',
      'Ünïcode — dashes',
    ]) {
      expect(headingSlug(text), text).toBe(rendererSlug(text));
      expect(anchorOf(text)).toEqual([rendererSlug(text), text]);
    }
    expect(anchorOf(['intro-1', 'Intro'])).toEqual(['intro-1', 'Intro']);
  });

  it('lead a hit to the heading whichever way they are stored', () => {
    expect(bestAnchor({ title: 'Guide', anchors: ['Intro', ['intro-1', 'Intro again']], terms: ['again'], queryTerms: ['again'] })).toEqual([
      'intro-1',
      'Intro again',
    ]);
    expect(bestAnchor({ title: 'Guide', anchors: ['Step 1: Install ferry'], terms: ['install'], queryTerms: ['install'] })).toEqual([
      'step-1-install-ferry',
      'Step 1: Install ferry',
    ]);
  });
});

describe('ranked', () => {
  it('puts the page with a heading about every word of the query before pages that mention the words apart', () => {
    const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
    index.addAll([
      doc('/news', 'Lua runtime news', [['news', 'News']], 'The old runtime is legacy now: use JavaScript.'),
      doc('/guide', 'Guide', [['intro', 'Introduction']], 'Endpoints, destinations and functions.'),
      doc('/guide/tunnels', 'Tunnels', [['tcp', 'TCP tunnels']], 'Tunnels carry live traffic.'),
      doc(
        '/guide/functions',
        'Functions',
        [
          ['requests', 'The request API'],
          ['variables', 'Variables and secrets'],
          ['timeouts', 'Timeouts and limits'],
          ['legacy-lua-functions', 'Legacy Lua functions'],
        ],
        'Functions run JavaScript. Old functions were written in Lua and still run.',
      ),
    ]);
    const hits = index.search('legacy lua', SEARCH_OPTIONS);
    expect(hits[0].id).toBe('/news');
    const order = ranked(hits as unknown as Parameters<typeof ranked>[0], 2);
    expect(order.map(({ hit }) => (hit as unknown as { path: string }).path)).toEqual(['/guide/functions', '/news']);
    expect(order[0].anchor).toEqual(['legacy-lua-functions', 'Legacy Lua functions']);
  });
});

describe('ranked: a title that is the query', () => {
  it('comes before a longer title that holds the same words', () => {
    const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
    index.addAll([
      doc(
        '/blog/tunnels-vs-forwarding',
        'Tunnels vs webhook forwarding: which one?',
        [['queues', 'Queues and retries']],
        'Webhook forwarding queues webhooks and retries them.',
      ),
      doc('/guide/webhook-forwarding', 'Webhook forwarding', [['rules', 'Rules']], 'Endpoints and destinations.'),
      doc('/guide/tunnels', 'Tunnels', [['tcp', 'TCP tunnels']], 'Tunnels carry live traffic.'),
    ]);
    const hits = index.search('webhook forwarding', SEARCH_OPTIONS);
    expect(hits[0].id).toBe('/blog/tunnels-vs-forwarding');
    const order = ranked(hits as unknown as Parameters<typeof ranked>[0], 2);
    expect(order.map(({ hit }) => (hit as unknown as { path: string }).path)).toEqual(['/guide/webhook-forwarding', '/blog/tunnels-vs-forwarding']);
    // While typing, the word being typed counts as what it completes to.
    const typing = ranked(index.search('webhook forw', SEARCH_OPTIONS) as unknown as Parameters<typeof ranked>[0], 2);
    expect((typing[0].hit as unknown as { path: string }).path).toBe('/guide/webhook-forwarding');
  });
});

describe('marks', () => {
  it('marks the words that are matched terms once folded, and only those', () => {
    expect(shown('Tunnels on your own domain: Ferrygate ferry', ['tunnel', 'ferry', 'domain'])).toBe('[Tunnels] on your own [domain]: Ferrygate [ferry]');
    expect(shown('X-Ferrygate-Signature header', ['signature', 'x'])).toBe('[X]-Ferrygate-[Signature] header');
  });

  it('gives back the text as it is, in parts: markup in it stays text', () => {
    const text = '<script>alert(1)</script> & tunnels';
    const parts = marks(text, ['script', 'tunnel']);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(shown(text, ['script', 'tunnel'])).toBe('<[script]>alert(1)</[script]> & [tunnels]');
    expect(marks('', ['x'])).toEqual([{ text: '', mark: false }]);
    expect(marks('no match', [])).toEqual([{ text: 'no match', mark: false }]);
  });

  it('marks a term inside unspaced Japanese and Chinese text', () => {
    expect(shown('Webhookを転送します。転送', ['転送', 'webhook'])).toBe('[Webhook]を[転送]します。[転送]');
    expect(shown('服务器转发', ['转发'])).toBe('服务器[转发]');
    expect(shown('Café naïve', ['café'])).toBe('[Café] naïve');
  });
});
