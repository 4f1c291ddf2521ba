/**
 * The Ferrygate site's islands and runtime budgets, in Chromium against a fresh build.
 * Every request that would leave 127.0.0.1 is intercepted: the tests never touch the network.
 */
import { createHmac } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/preview.ts';
import { serveFerrygate, type ServedSite } from './ferrygate.ts';
import { listFiles } from '../helpers.ts';
import { COLOR_SCHEME_HEAD } from '../../src/render/color-scheme.ts';
import type { Browser } from './chromium.ts';

let site: ServedSite;
let out: string;
let server: RunningServer;
let browser: Browser;
let page: Page;
let outside: string[];

beforeAll(async () => {
  site = await serveFerrygate();
  ({ out, server, browser, outside } = site);
}, 180_000);
afterAll(async () => {
  await site?.close();
});
beforeEach(async () => {
  outside.length = 0;
  page = await browser.context.newPage();
});
afterEach(async () => page.close());

const url = (path: string) => `${server.url}${path}`;

describe('islands on the Ferrygate site', () => {
  it('computes the same HMAC as Node for a test vector', async () => {
    await page.goto(url('/hmac-verification'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="HmacCalculator"]')?.dataset.hydrated === 'true');
    const secret = 'whsec_test_vector';
    const body = '{"event":"invoice.paid","id":"evt_123"}';
    await page.fill('[data-hmac="secret"]', secret);
    await page.fill('[data-hmac="timestamp"]', '');
    await page.fill('[data-hmac="payload"]', body);
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    await page.fill('[data-hmac="expected"]', expected);
    await page.waitForFunction((sig) => (document.querySelector('[data-hmac="output"]') as HTMLOutputElement).value === sig, expected);
    // The output can show the signature from the payload's input before the expected one is
    // compared (each input is debounced): the verdict settles once that input is taken.
    await page.waitForFunction(() => document.querySelector('[data-hmac="verdict"]')?.getAttribute('data-state') !== 'idle');
    expect(await page.getAttribute('[data-hmac="verdict"]', 'data-state')).toBe('match');
  });

  it('validates the contact form accessibly, then lands on /thank-you', async () => {
    await page.goto(url('/contact'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="ContactForm"]')?.dataset.hydrated === 'true');
    await page.fill('#contact-email', 'not-an-email');
    await page.click('button[type="submit"]');
    const summary = page.locator('.form-errors');
    await summary.waitFor({ state: 'visible' });
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('form-errors'))).toBe(true);
    expect(await page.getAttribute('#contact-name', 'aria-invalid')).toBe('true');
    expect(await summary.textContent()).toContain('Enter an email address like name@example.com');

    await page.fill('#contact-name', 'Ada Example');
    await page.fill('#contact-email', 'ada@example.com');
    await page.fill('#contact-message', 'Our deliveries to staging time out after ten seconds.');
    await page.check('input[name="consent"]');
    await page.click('button[type="submit"]');
    await page.waitForURL(url('/thank-you'));
    expect(outside.some((u) => u.startsWith('https://api.ferrygate.dev/v1/forms'))).toBe(true);
  });

  it('hydrates the pricing toggle and switches prices', async () => {
    await page.goto(url('/pricing'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="PricingToggle"]')?.dataset.hydrated === 'true');
    await page.click('label[for="billing-yearly"]');
    expect(await page.isChecked('#billing-yearly')).toBe(true);
    expect(await page.locator('.py').first().isVisible()).toBe(true);
  });

  it('loads no React on pages without islands', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(url('/v1/guide/tunnels'));
    await page.waitForTimeout(300);
    // The runtime, and on a page with code blocks the copy buttons' chunk: no React.
    expect(scripts.filter((s) => s.startsWith('/_sitegen/')).every((s) => /^\/_sitegen\/(runtime|code-copy)\.[0-9a-f]+\.js$/.test(s))).toBe(true);
  });
});

describe('blog pagination', () => {
  it('sends /blog/page/1 to /blog, by full load and by client navigation', async () => {
    const response = await page.goto(url('/blog/page/1'));
    await page.waitForURL(url('/blog'));
    expect(response?.status()).toBe(200);
    expect(await page.textContent('main h1')).toBe('Notes from the ferry');
    await page.goto(url('/blog/page/2'));
    await page.waitForFunction(() => (window as unknown as { sitegen: { state: { manifest?: unknown } } }).sitegen.state.manifest);
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate('/blog/page/1'));
    await page.waitForURL(url('/blog'));
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Notes from the ferry');
  });
});

describe('the Product menu on a desktop', () => {
  it('opens as soon as the keyboard reaches it: the next Tab, however quick, goes to its first item', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('/pricing'));
    const focused = () => page.evaluate(() => document.activeElement?.querySelector('strong')?.textContent ?? document.activeElement?.textContent?.trim());
    await page.focus('header a.nav-link[href="/features"]');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Webhook forwarding');
  });
});

describe('the header by keyboard and touch', () => {
  it('moves to the search box on / or Ctrl+K, but not while typing elsewhere', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('/v1/guide'));
    const active = () => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName);
    await page.keyboard.press('/');
    expect(await active()).toBe('site-search');
    expect(await page.inputValue('#site-search')).toBe('');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('Control+k');
    expect(await active()).toBe('site-search');
    // A slash typed into another field stays there.
    await page.goto(url('/hmac-verification'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="HmacCalculator"]')?.dataset.hydrated === 'true');
    await page.fill('[data-hmac="payload"]', '');
    await page.keyboard.type('a/b');
    expect(await page.inputValue('[data-hmac="payload"]')).toBe('a/b');
  });

  it('closes the phone menu on Escape, back on its button, and on a tap outside the header; the page behind it stays put', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/pricing'));
    const open = () => page.evaluate(() => document.querySelector<HTMLInputElement>('#nav-toggle')!.checked);
    await page.click('.nav-toggle-btn');
    expect(await open()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await open()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('nav-toggle');
    await page.click('.nav-toggle-btn');
    expect(await open()).toBe(true);
    // The page behind it does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.click(200, 800);
    expect(await open()).toBe(false);
  });

  it('takes a hash that is not percent-encoding (#100%) as written, without an error', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url('/pricing'));
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(href: string): Promise<void> } }).sitegen.navigate('/about#100%'));
    await page.waitForURL(/\/about#100%$/);
    expect(errors).toEqual([]);
  });
});

describe('the header with the colour-scheme toggle', () => {
  it('fits in the bar at every width, on a phone beside the menu button', async () => {
    await page.goto(url('/v1/guide/tunnels'));
    for (const width of [390, 700, 960, 1024, 1120, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      const box = await page.evaluate(() => {
        const inner = document.querySelector('.header-inner')!;
        const style = getComputedStyle(inner);
        const rect = (el: Element) => el.getBoundingClientRect();
        const shown = [...inner.children].filter((el) => rect(el).width > 0 && getComputedStyle(el).position !== 'absolute');
        return {
          left: rect(inner).left + parseFloat(style.paddingLeft),
          right: rect(inner).right - parseFloat(style.paddingRight),
          // Margin boxes: the menu button sits 6 px into the padding on purpose (its border aligns with the content).
          edges: shown.map((el) => [
            rect(el).left - parseFloat(getComputedStyle(el).marginLeft),
            rect(el).right + parseFloat(getComputedStyle(el).marginRight),
          ]),
          toggle: rect(document.querySelector('.scheme-toggle')!).right,
          menu: rect(document.querySelector('.nav-toggle-btn')!).left,
        };
      });
      for (const [left, right] of box.edges) {
        expect(left, `${width} px`).toBeGreaterThanOrEqual(box.left - 0.5);
        expect(right, `${width} px`).toBeLessThanOrEqual(box.right + 0.5);
      }
      expect(await page.locator('.scheme-toggle').isVisible(), `${width} px`).toBe(true);
      if (width < 960) expect(box.toggle, `${width} px`).toBeLessThanOrEqual(box.menu);
    }
  });
});

describe('analytics', () => {
  it('loads the provider script from the configured host', async () => {
    await page.goto(url('/'));
    await page.waitForSelector('script[src="https://plausible.io/js/script.js"][data-domain="ferrygate.dev"]', { state: 'attached' });
  });

  it('loads nothing when the browser sends Do Not Track', async () => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    await page.goto(url('/'));
    await page.waitForTimeout(300);
    expect(await page.locator('script[src*="plausible"]').count()).toBe(0);
  });
});

describe('the docs sidebar', () => {
  /** Where the current page's link sits in the sidebar's visible box: 0 at its top, 1 at its bottom. */
  const shownAt = () =>
    page.evaluate(() => {
      const side = document.querySelector<HTMLElement>('.docs-sidebar')!;
      const link = side.querySelector<HTMLElement>('[aria-current="page"]')!;
      return (link.getBoundingClientRect().top - side.getBoundingClientRect().top) / side.clientHeight;
    });

  it('shows the current page, below the fold of a long tree, on a full load and after a client navigation', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('/v1/examples/iot/node-red'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.docs-sidebar')!.scrollTop > 0);
    expect(await shownAt()).toBeGreaterThan(0);
    expect(await shownAt()).toBeLessThan(0.9);
    // A page near the top of the tree leaves the sidebar at its top.
    await page.click('.docs-sidebar a[href="/v1/guide"]');
    await page.waitForURL(url('/v1/guide'));
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('.docs-sidebar')!.scrollTop)).toBe(0);
    // Back to the deep page by a client navigation: shown again.
    await page.goBack();
    await page.waitForURL(url('/v1/examples/iot/node-red'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.docs-sidebar')!.scrollTop > 0);
    expect(await shownAt()).toBeLessThan(0.9);
  });
});

describe('budgets', () => {
  const gz = (file: string) => gzipSync(readFileSync(join(out, file))).length;

  it('keeps the runtime under 5 KB gzipped', () => {
    const runtime = readdirSync(join(out, '_sitegen')).find((f) => /^runtime\.[0-9a-f]+\.js$/.test(f))!;
    expect(gz(`_sitegen/${runtime}`)).toBeLessThanOrEqual(5 * 1024);
  });

  it('keeps what the colour-scheme toggle adds to a page without islands (head script and markup) under 400 B gzipped', () => {
    const html = readFileSync(join(out, 'about/index.html'), 'utf8');
    expect(html).not.toContain('data-island-src=');
    const toggle = /<div class="scheme-toggle"[^>]*>(?:<label[^>]*><input[^>]*\/><\/label>){3}<\/div>/;
    expect(html).toMatch(toggle);
    const without = html.replace(COLOR_SCHEME_HEAD, '').replace(toggle, '');
    expect(gzipSync(html, { level: 9 }).length - gzipSync(without, { level: 9 }).length).toBeLessThanOrEqual(400);
  });

  it('ships no script but the runtime and the colour-scheme one on a page without islands, and inlines no site-wide data', () => {
    for (const file of listFiles(out).filter((f) => f.endsWith('index.html'))) {
      const html = readFileSync(join(out, file), 'utf8');
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      const islands = html.includes('data-island-src=');
      for (const tag of scripts) {
        expect(tag.includes('data-sitegen') || tag.includes('application/ld+json') || tag === '<script>', `${file}: ${tag}`).toBe(true);
      }
      // The one inline script is the colour-scheme one (a redirect page has none).
      expect(html.split('<script>').length - 1, file).toBe(html.includes('http-equiv="refresh"') ? 0 : 1);
      expect(html.split(COLOR_SCHEME_HEAD).length - 1, file).toBe(html.includes('http-equiv="refresh"') ? 0 : 1);
      // Island props are the only data a page carries: small, and never the site's route list.
      for (const m of html.matchAll(/data-props="([^"]*)"/g)) {
        expect(m[1].length, file).toBeLessThan(20_000);
        expect(m[1], file).not.toContain('prerendered');
      }
      if (!islands) expect(html).not.toContain('/_sitegen/islands/');
    }
  });
});
