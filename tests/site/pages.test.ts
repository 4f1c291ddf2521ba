/**
 * The Ferrygate site's pages, built once through the real CLI and read with DOM queries: the chrome
 * every page shares (title, one h1, landmarks, skip link, labelled navigation), the forms, the docs
 * sidebar, pricing, the blog and its archive, and the API reference against the content plan.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../site/config.ts';
import { ROOT, html, listFiles, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

const ROUTES = [
  '/',
  '/about',
  '/api-reference',
  '/bin-deleted',
  '/blog',
  '/blog-all',
  '/careers',
  '/contact',
  '/contact-sales',
  '/cron',
  '/features',
  '/hmac-verification',
  '/pricing',
  '/thank-you',
  '/tunnels',
  '/webhook-bin',
  '/webhooks',
  '/404',
];

let out: string;
let result: CliResult;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  result = await runCli(['build', '--quiet', '--out', out]);
}, 180_000);
afterAll(() => remove(join(out, '..')));

/** The not-found page is written only as 404.html (no page of its own: `/404` answers 404). */
const fileOf = (route: string) => (route === '/' ? 'index.html' : route === '/404' ? '404.html' : `${route.slice(1)}/index.html`);
const page = (route: string) => html(out, fileOf(route));
/** Does an internal path resolve to a file of the build (a page, a redirect page or an asset)? */
const exists = (path: string) => {
  const clean = path.split(/[?#]/)[0];
  return clean === '/' || existsSync(join(out, clean)) || existsSync(join(out, clean, 'index.html'));
};
const ancestors = (el: HTMLElement) => {
  const list: HTMLElement[] = [];
  for (let p = el.parentNode; p && p.tagName; p = p.parentNode) list.push(p);
  return list;
};
const SECTIONING = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']);
/** <header>/<footer> are banner/contentinfo landmarks only outside sectioning content and main. */
const landmarks = (doc: HTMLElement, tag: 'header' | 'footer', role: string) => [
  ...doc.querySelectorAll(tag).filter((el) => !el.getAttribute('role') && !ancestors(el).some((a) => SECTIONING.has(a.tagName))),
  ...doc.querySelectorAll(`[role="${role}"]`),
];
const text = (el: HTMLElement | null | undefined) => (el?.text ?? '').replace(/\s+/g, ' ').trim();

it('builds the site with no problems', () => {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
});

describe('every static page', () => {
  it('is built', () => {
    for (const route of ROUTES) expect(existsSync(join(out, fileOf(route))), route).toBe(true);
  });

  it('has its own title', () => {
    const seen = new Map<string, string>();
    for (const route of ROUTES) {
      const title = text(page(route).querySelector('head title'));
      expect(title, route).toBeTruthy();
      expect(seen.get(title), `${route} repeats the title of ${seen.get(title)}`).toBeUndefined();
      seen.set(title, route);
    }
  });

  it('has exactly one h1, inside main', () => {
    for (const route of ROUTES) {
      const h1s = page(route).querySelectorAll('h1');
      expect(h1s.length, route).toBe(1);
      expect(text(h1s[0]), route).toBeTruthy();
      expect(
        ancestors(h1s[0]).some((a) => a.tagName === 'MAIN'),
        `${route}: h1 outside main`,
      ).toBe(true);
    }
  });

  it('has one banner, one main and one contentinfo landmark', () => {
    for (const route of ROUTES) {
      const doc = page(route);
      expect(landmarks(doc, 'header', 'banner').length, `${route}: banner`).toBe(1);
      expect(doc.querySelectorAll('main, [role="main"]').length, `${route}: main`).toBe(1);
      expect(landmarks(doc, 'footer', 'contentinfo').length, `${route}: contentinfo`).toBe(1);
    }
  });

  it('starts with a skip link to the main landmark', () => {
    for (const route of ROUTES) {
      const doc = page(route);
      const first = doc.querySelector('body a[href]');
      expect(first?.getAttribute('href'), route).toBe('#main');
      expect(text(first), route).toMatch(/skip/i);
      expect(doc.querySelector('#main')?.tagName, route).toBe('MAIN');
    }
  });

  it('labels every navigation landmark, with distinct names', () => {
    for (const route of ROUTES) {
      const doc = page(route);
      const navs = doc.querySelectorAll('nav, [role="navigation"]');
      expect(navs.length, route).toBeGreaterThan(0);
      expect(doc.querySelector('header nav[aria-label]'), `${route}: main navigation`).not.toBeNull();
      const names = navs.map((n) => n.getAttribute('aria-label') ?? text(doc.getElementById(n.getAttribute('aria-labelledby') ?? '')));
      for (const name of names) expect(name, `${route}: a nav without a name`).toBeTruthy();
      expect(new Set(names).size, `${route}: nav names ${names.join(', ')}`).toBe(names.length);
    }
  });

  it('links only to pages and files that exist', () => {
    for (const route of ROUTES) {
      for (const a of page(route).querySelectorAll('a[href^="/"]')) {
        expect(exists(a.getAttribute('href')!), `${route} links ${a.getAttribute('href')}`).toBe(true);
      }
    }
  });

  it('gives every in-page link a target', () => {
    for (const route of ROUTES) {
      const doc = page(route);
      for (const a of doc.querySelectorAll('a[href^="#"]')) {
        const id = decodeURIComponent(a.getAttribute('href')!.slice(1));
        if (id) expect(doc.getElementById(id), `${route} links #${id}`).not.toBeNull();
      }
    }
  });
});

describe('the contact forms', () => {
  const FORMS = [
    { route: '/contact', required: ['name', 'email', 'topic', 'message', 'consent'] },
    { route: '/contact-sales', required: ['name', 'email', 'company', 'size'] },
  ];

  for (const { route, required } of FORMS) {
    describe(route, () => {
      const form = () => {
        const forms = page(route).querySelectorAll('main form');
        expect(forms).toHaveLength(1);
        return forms[0];
      };
      const fields = () =>
        form()
          .querySelectorAll('input, select, textarea')
          .filter((f) => f.getAttribute('type') !== 'hidden');

      it('posts to the configured form endpoint and comes back to /thank-you', () => {
        const f = form();
        expect(f.getAttribute('action')).toBe(config.theme?.formEndpoint);
        expect(f.getAttribute('method')?.toLowerCase()).toBe('post');
        const next = f.querySelectorAll('input[type="hidden"][name="_next"]');
        expect(next).toHaveLength(1);
        expect(next[0].getAttribute('value')).toBe(`${config.url}/thank-you`);
        expect(exists('/thank-you')).toBe(true);
        expect(f.querySelectorAll('button[type="submit"], input[type="submit"]').length).toBeGreaterThan(0);
      });

      it('labels every field', () => {
        const doc = page(route);
        expect(fields().length).toBeGreaterThan(3);
        for (const field of fields()) {
          const id = field.getAttribute('id');
          const label = id ? doc.querySelector(`label[for="${id}"]`) : null;
          const name = text(label) || field.getAttribute('aria-label');
          expect(name, `${field.getAttribute('name')} has no label`).toBeTruthy();
          expect(doc.querySelectorAll(`[id="${id}"]`), `id ${id} is not unique`).toHaveLength(1);
        }
      });

      it('marks required fields, visibly and with `required`', () => {
        const doc = page(route);
        const requiredNames = [
          ...new Set(
            fields()
              .filter((f) => f.hasAttribute('required'))
              .map((f) => f.getAttribute('name')),
          ),
        ];
        expect(requiredNames.sort()).toEqual([...required].sort());
        for (const field of fields()) {
          const label = doc.querySelector(`label[for="${field.getAttribute('id')}"]`);
          const marked = !!label?.querySelector('.req');
          expect(marked, `${field.getAttribute('name')}: the * marker and \`required\` disagree`).toBe(field.hasAttribute('required'));
        }
        expect(form().querySelector('.form-required-note')).not.toBeNull();
      });

      it('asks for email addresses in type=email fields', () => {
        const emails = fields().filter((f) => /mail/i.test(f.getAttribute('name') ?? '') || /mail/i.test(f.getAttribute('autocomplete') ?? ''));
        expect(emails.length).toBeGreaterThan(0);
        for (const f of emails) expect(f.getAttribute('type'), f.getAttribute('name')!).toBe('email');
      });

      it('groups the radio buttons and check boxes of one name in a fieldset with a legend', () => {
        const groups = new Map<string, HTMLElement[]>();
        for (const f of fields().filter((f) => /^(radio|checkbox)$/.test(f.getAttribute('type') ?? ''))) {
          const name = f.getAttribute('name')!;
          groups.set(name, [...(groups.get(name) ?? []), f]);
        }
        for (const [name, members] of groups) {
          if (members.length < 2) continue;
          const fieldset = ancestors(members[0]).find((a) => a.tagName === 'FIELDSET');
          expect(text(fieldset?.querySelector('legend')), `${name} has no legend`).toBeTruthy();
        }
      });
    });
  }
});

describe('the docs sidebar', () => {
  const sidebar = (route: string) => page(route).querySelector('nav[aria-label="Documentation"]')!;

  for (const route of ['/v1/guide/tunnels', '/v1/examples/auth/verify-hmac-signatures', '/v1/installation/docker', '/v1/platform', '/api-reference']) {
    it(`marks ${route}, and only it, as the current page`, () => {
      const doc = page(route);
      expect(sidebar(route), route).not.toBeNull();
      const current = sidebar(route).querySelectorAll('[aria-current="page"]');
      expect(current.map((a) => a.getAttribute('href'))).toEqual([route]);
      for (const a of doc.querySelectorAll('[aria-current="page"]')) expect(a.getAttribute('href'), route).toBe(route);
      // Every group holding the current page is open.
      for (const group of ancestors(current[0]).filter((a) => a.tagName === 'DETAILS')) expect(group.hasAttribute('open'), route).toBe(true);
    });
  }

  it('shows every docs section once, with its pages', () => {
    const nav = sidebar('/v1/guide/tunnels');
    const titles = nav.querySelectorAll('.sb-title').map(text);
    expect(titles).toEqual([...(config.theme?.docsSections ?? []).map((s) => s.title), 'Reference']);
    const hrefs = nav.querySelectorAll('a').map((a) => a.getAttribute('href')!);
    const repeated = hrefs.filter((h, i) => hrefs.indexOf(h) !== i);
    expect(repeated, 'links listed twice').toEqual([]);
    const docs = listFiles(join(out, 'v1'))
      .filter((f) => f.endsWith('/index.html') || f === 'index.html')
      .map((f) => `/v1/${f.replace(/\/?index\.html$/, '')}`.replace(/\/$/, ''))
      .filter((p) => !html(out, `${p.slice(1)}/index.html`).querySelector('meta[http-equiv="refresh"]'));
    expect(docs.length).toBeGreaterThan(50);
    for (const p of docs) expect(hrefs, `${p} is missing from the sidebar`).toContain(p);
    expect(hrefs).toContain('/api-reference');
  });

  it('groups the examples by category, under Examples', () => {
    const nav = sidebar('/v1/examples/auth/verify-hmac-signatures');
    const section = nav.querySelectorAll('.sb-section').find((s) => text(s.querySelector('.sb-title')) === 'Examples')!;
    expect(section).toBeTruthy();
    const hrefs = section.querySelectorAll('a').map((a) => a.getAttribute('href')!);
    expect(
      hrefs.every((h) => h.startsWith('/v1/examples')),
      hrefs.join(' '),
    ).toBe(true);
    expect(section.querySelectorAll('details.sb-group')).toHaveLength(8);
  });
});

describe('/pricing', () => {
  const plans = () => page('/pricing').querySelectorAll('.plan');

  it('shows the five plans', () => {
    expect(plans().map((p) => text(p.querySelector('h2, h3')))).toEqual(['Free', 'Starter', 'Team', 'Business', 'Enterprise']);
  });

  it('gives each paid plan a monthly and a yearly price', () => {
    const prices: Record<string, [string, string]> = { Starter: ['$8', '$80'], Team: ['$29', '$290'], Business: ['$119', '$1,190'] };
    for (const plan of plans()) {
      const name = text(plan.querySelector('h2, h3'));
      const expected = prices[name];
      if (!expected) continue;
      expect(text(plan.querySelector('.pm .price-amount')), name).toBe(expected[0]);
      expect(text(plan.querySelector('.pm')), name).toMatch(/month/);
      expect(text(plan.querySelector('.py .price-amount')), name).toBe(expected[1]);
      expect(text(plan.querySelector('.py')), name).toMatch(/year/);
    }
    expect(text(plans()[0].querySelector('.price-amount'))).toBe('$0');
    expect(text(plans()[4].querySelector('.price-amount'))).toBe('Custom');
  });

  it('switches billing period with a labelled control', () => {
    const doc = page('/pricing');
    for (const id of ['billing-monthly', 'billing-yearly']) {
      expect(doc.querySelector(`input[type="radio"]#${id}`), id).not.toBeNull();
      expect(text(doc.querySelector(`label[for="${id}"]`)), id).toBeTruthy();
    }
  });

  it('has a comparison table with a column per plan', () => {
    const table = page('/pricing').querySelector('table')!;
    expect(table).not.toBeNull();
    const head = table.querySelectorAll('thead th[scope="col"]').map(text);
    expect(head).toHaveLength(6);
    for (const [i, name] of ['Free', 'Starter', 'Team', 'Business', 'Enterprise'].entries()) expect(head[i + 1]).toContain(name);
    expect(head[2]).toContain('$8/mo');
    expect(head[2]).toContain('$80/yr');
    expect(head[4]).toContain('$1,190/yr');
    const rows = table.querySelectorAll('tbody tr').filter((r) => r.querySelector('th[scope="row"]'));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(r.querySelectorAll('td'), text(r.querySelector('th'))).toHaveLength(5);
  });
});

describe('the blog', () => {
  const posts = () =>
    listFiles(join(out, 'blog'))
      .filter((f) => /^\d{4}\/\d\d\/\d\d\/[^/]+\/index\.html$/.test(f))
      .filter((f) => !html(out, `blog/${f}`).querySelector('meta[http-equiv="refresh"]'))
      .map((f) => `/blog/${f.replace(/\/index\.html$/, '')}`);

  it('has 45 posts', () => {
    expect(posts()).toHaveLength(45);
  });

  it('/blog-all lists every post once, grouped by year, newest first', () => {
    const doc = page('/blog-all');
    const years = doc.querySelectorAll('section.archive-year');
    const yearNumbers = years.map((s) => Number(text(s.querySelector('h2'))));
    expect(yearNumbers).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019]);
    const listed: string[] = [];
    for (const [i, section] of years.entries()) {
      const links = section.querySelectorAll('a.archive-title').map((a) => a.getAttribute('href')!);
      expect(links.length, String(yearNumbers[i])).toBeGreaterThan(0);
      for (const href of links) expect(href.startsWith(`/blog/${yearNumbers[i]}/`), href).toBe(true);
      const dates = section.querySelectorAll('time').map((t) => t.getAttribute('datetime')!);
      expect(
        dates.every((d) => d.startsWith(String(yearNumbers[i]))),
        dates.join(' '),
      ).toBe(true);
      expect([...dates].sort().reverse()).toEqual(dates);
      listed.push(...links);
    }
    expect(listed).toHaveLength(45);
    expect([...listed].sort()).toEqual(posts().sort());
    // The year jump links point at the year sections.
    const jumps = doc.querySelectorAll('nav[aria-label="Jump to year"] a').map((a) => a.getAttribute('href'));
    expect(jumps).toEqual(yearNumbers.map((y) => `#y${y}`));
  });

  it('/blog links every category chip to a filter that exists', () => {
    const doc = page('/blog');
    // The stylesheet is minified: compare without quotes and spaces.
    const css = read(out, doc.querySelector('link[rel="stylesheet"]')!.getAttribute('href')!.slice(1)).replace(/["'\s]/g, '');
    const chips = doc.querySelectorAll('.chips .chip');
    expect(chips.length).toBeGreaterThan(2);
    const inGrid = new Set(doc.querySelectorAll('.blog-cell').flatMap((c) => (c.getAttribute('data-cat') ?? '').split(' ')));
    for (const chip of chips) {
      const input = doc.querySelector(`input#${chip.getAttribute('for')}`);
      expect(input?.getAttribute('type'), text(chip)).toBe('radio');
      const value = input!.getAttribute('value')!;
      if (value === 'all') continue;
      expect(inGrid.has(value), `no post in ${value}`).toBe(true);
      const rule = `.cat-in[value=${value}]:checked~.blog-grid.blog-cell:not([data-cat~=${value}])`;
      expect(css.includes(rule), `no filter rule ${rule}`).toBe(true);
    }
    // Every category that has posts in the grid has a chip.
    const chipValues = chips.map((c) => doc.querySelector(`input#${c.getAttribute('for')}`)!.getAttribute('value'));
    for (const c of inGrid) if (c) expect(chipValues, `category ${c} has no chip`).toContain(c);
  });

  it('/blog links the featured post, the latest posts and the archive', () => {
    const doc = page('/blog');
    const links = doc.querySelectorAll('main .post-card-title a').map((a) => a.getAttribute('href')!);
    expect(links).toHaveLength(45);
    for (const href of links) expect(posts(), href).toContain(href);
    expect(doc.querySelector('main a[href="/blog-all"]')).not.toBeNull();
  });
});

/** Content plan B.5: every resource and its endpoints. */
const API_PLAN: [string, string[]][] = [
  ['Access keys', ['GET /access-keys', 'POST /access-keys', 'GET /access-keys/{id}', 'PATCH /access-keys/{id}', 'DELETE /access-keys/{id}']],
  ['Account & usage', ['GET /account', 'GET /usage']],
  ['Channels', ['GET /channels', 'POST /channels', 'GET /channels/{id}', 'PATCH /channels/{id}', 'DELETE /channels/{id}']],
  [
    'Endpoints',
    [
      'GET /channels/{id}/endpoints',
      'POST /channels/{id}/endpoints',
      'PATCH /channels/{id}/endpoints/{endpointId}',
      'DELETE /channels/{id}/endpoints/{endpointId}',
    ],
  ],
  [
    'Destinations',
    [
      'GET /channels/{id}/destinations',
      'POST /channels/{id}/destinations',
      'PATCH /channels/{id}/destinations/{destId}',
      'DELETE /channels/{id}/destinations/{destId}',
    ],
  ],
  ['Deliveries', ['GET /deliveries', 'GET /deliveries/{id}', 'POST /deliveries/{id}/replay']],
  ['Notification channels', ['GET /notifications', 'POST /notifications', 'DELETE /notifications/{id}']],
  [
    'Functions',
    [
      'GET /functions',
      'POST /functions',
      'GET /functions/{id}',
      'PATCH /functions/{id}',
      'DELETE /functions/{id}',
      'POST /functions/{id}/test',
      'GET /functions/{id}/variables',
      'PUT /functions/{id}/variables',
    ],
  ],
  ['Tunnels', ['GET /tunnels', 'POST /tunnels', 'GET /tunnels/{id}', 'PATCH /tunnels/{id}', 'DELETE /tunnels/{id}']],
  ['Domains', ['GET /domains', 'POST /domains', 'POST /domains/{id}/verify', 'DELETE /domains/{id}']],
  ['Regions', ['GET /regions']],
  ['Agents', ['GET /agents']],
  [
    'Schedules',
    [
      'GET /schedules',
      'POST /schedules',
      'GET /schedules/{id}',
      'PATCH /schedules/{id}',
      'DELETE /schedules/{id}',
      'POST /schedules/{id}/run',
      'GET /schedules/{id}/runs',
    ],
  ],
  ['Bins', ['POST /bins', 'GET /bins/{id}', 'PUT /bins/{id}', 'DELETE /bins/{id}', 'ANY /c/{id}', 'GET /bins/{id}/stream', 'POST /hmac']],
  ['WebSocket', ['WSS /stream']],
];

describe('/api-reference', () => {
  it('follows the table of content plan B.5', () => {
    const plan = join(ROOT, '../shared/CONTENT-PLAN.md');
    if (!existsSync(plan)) return;
    const b5 = readFileSync(plan, 'utf8').split('### B.5')[1].split('\n### ')[0];
    const resources = b5
      .split('\n')
      .filter((l) => /^\| [A-Z]/.test(l) && !l.startsWith('| Group'))
      .map((l) =>
        l
          .split('|')[2]
          .trim()
          .replace(/\s*\(.*\)$/, ''),
      );
    expect(resources).toEqual(API_PLAN.map(([r]) => r));
  });

  it('lists every endpoint group with its endpoints', () => {
    const doc = page('/api-reference');
    const body = doc.querySelector('.api-ref')!;
    // Walk the article in order, collecting the endpoints under each h2.
    const groups = new Map<string, string[]>();
    let current: string[] | undefined;
    for (const el of body.querySelectorAll('h2, .api-route')) {
      if (el.tagName === 'H2') groups.set(text(el), (current = []));
      else current?.push(`${text(el.querySelector('.method'))} ${text(el.querySelector('code'))}`);
    }
    for (const [resource, endpoints] of API_PLAN) {
      const title = [...groups.keys()].find((t) => t === resource || t.startsWith(`${resource} `));
      expect(title, `no section for ${resource}`).toBeTruthy();
      expect(groups.get(title!), resource).toEqual(endpoints);
    }
    for (const id of ['overview', 'authentication', 'errors', 'pagination', 'rate-limits', 'idempotency', 'sdks']) {
      expect(doc.getElementById(id), id).not.toBeNull();
    }
  });

  it('lists every group in the page outline', () => {
    const doc = page('/api-reference');
    const outline = doc.querySelectorAll('aside.docs-toc a').map((a) => a.getAttribute('href')!.slice(1));
    for (const h2 of doc.querySelectorAll('.api-ref h2')) expect(outline, text(h2)).toContain(h2.getAttribute('id'));
  });
});
