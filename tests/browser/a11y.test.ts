/**
 * Accessibility of the Ferrygate site in real Chromium: axe-core on a fresh build served by
 * `startPreview`, on desktop (1280 px) and phone (390 px) widths, in the light and the dark
 * color scheme. Serious and critical violations fail the test, each named with its targets.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/preview.ts';
import { serveFerrygate, type ServedSite } from './ferrygate.ts';
import { ROOT } from '../helpers.ts';
import type { Browser } from './chromium.ts';

const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');

const PAGES = ['/', '/pricing', '/v1/guide/tunnels', '/blog/2023/01/24/introducing-webhook-bins', '/contact', '/hmac-verification'];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const SCHEMES = ['light', 'dark'] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

let site: ServedSite;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = await serveFerrygate();
  ({ server, browser } = site);
}, 180_000);

afterAll(async () => {
  await site?.close();
});

/** Load a page and let it settle: islands hydrated, one-shot animations finished. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(path === '/404' ? 404 : 200);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => el.dataset.hydrated === 'true'), undefined, {
    timeout: 10_000,
  });
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
    }
  });
}

async function violations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240) })),
    }));
  });
}

function report(found: Violation[]): string {
  return found
    .map((v) => {
      const targets = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${n.summary}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} nodes)\n${targets}${more}`;
    })
    .join('\n');
}

async function check(path: string, viewport: { width: number; height: number }, scheme: 'light' | 'dark'): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, path);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    const serious = (await violations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.length, `${path} at ${viewport.width} px, ${scheme}:\n${report(serious)}\n`).toBe(0);
  } finally {
    await page.close();
  }
}

for (const viewport of VIEWPORTS) {
  for (const scheme of SCHEMES) {
    describe(`${viewport.name} (${viewport.width} px), ${scheme} scheme`, () => {
      for (const path of PAGES) {
        it(`${path} has no serious or critical axe violations`, () => check(path, viewport, scheme));
      }
    });
  }
}

/** Every other static page, and a page of each layout, once wide and light, once narrow and dark. */
const SWEEP = [
  '/about',
  '/api-reference',
  '/bin-deleted',
  '/blog',
  '/blog-all',
  '/careers',
  '/contact-sales',
  '/cron',
  '/features',
  '/thank-you',
  '/tunnels',
  '/webhook-bin',
  '/webhooks',
  '/404',
  '/v1/guide',
  '/v1/examples/auth/verify-hmac-signatures',
  '/v1/installation/docker',
  '/v1/platform',
  '/home-assistant',
  '/download/index.html',
];

describe('every other page, desktop light and phone dark', () => {
  for (const path of SWEEP) {
    it(`${path} has no serious or critical axe violations`, async () => {
      await check(path, VIEWPORTS[0], 'light');
      await check(path, VIEWPORTS[1], 'dark');
    });
  }
});
