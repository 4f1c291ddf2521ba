/**
 * The colour-scheme toggle in real Chromium: the stored choice is in force from the first paint (the head script, not
 * a later one), survives a reload and a client-side navigation, "system" follows the OS, code blocks switch with the
 * page, the radios work from the keyboard, and without JavaScript the toggle is absent and the OS decides.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('basic', {
  prepare: (site) => {
    writeFileSync(
      join(site, 'content/scheme-one.md'),
      '---\ntitle: One\n---\n\nGo to [the second page](/scheme-two).\n\n```js\nexport const port = 8080;\n```\n',
    );
    writeFileSync(join(site, 'content/scheme-two.md'), '---\ntitle: Two\n---\n\nBack to [the first page](/scheme-one).\n');
  },
  eachPage: (page) => page.emulateMedia({ colorScheme: 'light' }),
});
let page: Page;
beforeEach(() => {
  page = served.page;
});

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(11, 16, 23)';
const url = (path: string) => `${served.server.url}${path}`;

/** Open a page with no choice stored (the tests share the browser's storage). */
async function fresh(path: string): Promise<void> {
  await page.goto(url(path));
  await page.evaluate(() => localStorage.clear());
  await page.reload();
}

/** The scheme attribute, the body's background and which radio is checked. */
const state = () =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    background: getComputedStyle(document.body).backgroundColor,
    checked: document.querySelector<HTMLInputElement>('input[name="color-scheme"]:checked')?.value ?? null,
  }));

/** Whether a code token has its dark colour (`--shiki-dark`) rather than its light one. */
const codeIsDark = () =>
  page.evaluate(() => {
    const token = [...document.querySelectorAll<HTMLElement>('.shiki span[style]')].find((s) => s.textContent?.trim() === 'export')!;
    const resolved = (value: string) => {
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.color = value;
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    };
    const style = getComputedStyle(token);
    const [light, dark] = [resolved(style.getPropertyValue('--shiki-light')), resolved(style.getPropertyValue('--shiki-dark'))];
    if (light === dark) throw new Error('the token has the same colour in both themes');
    return style.color === dark ? true : style.color === light ? false : style.color;
  });

/** Record, from the moment the document exists, the scheme attribute when the stylesheet enters the document and `--bg` when it has loaded. */
function recordFirstPaint(p: Page, stored?: string) {
  return p.addInitScript((value) => {
    if (value) localStorage.setItem('sitegen:theme', value);
    const seen: { atSheet?: string | null; bgAtLoad?: string; atDomReady?: string } = {};
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver((_, observer) => {
      const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
      if (!sheet) return;
      observer.disconnect();
      seen.atSheet = document.documentElement.dataset.theme ?? null;
      sheet.addEventListener('load', () => {
        seen.bgAtLoad = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim();
      });
    }).observe(document, { childList: true, subtree: true });
    // Registered before any of the page's scripts, so it runs before their DOMContentLoaded handlers.
    document.addEventListener('DOMContentLoaded', () => {
      seen.atDomReady = getComputedStyle(document.body).backgroundColor;
    });
  }, stored);
}
const firstPaint = () => page.evaluate(() => (window as unknown as { __seen: Record<string, unknown> }).__seen);

describe('the colour-scheme toggle', () => {
  it('has the stored scheme in force from the first paint, set by the inline head script', async () => {
    await recordFirstPaint(page, 'dark');
    await page.goto(url('/scheme-one'));
    await page.waitForFunction(() => (window as unknown as { __seen: { bgAtLoad?: string } }).__seen.bgAtLoad !== undefined);
    expect(await firstPaint()).toEqual({ atSheet: 'dark', bgAtLoad: '#0b1017', atDomReady: DARK_BG });
    expect(await state()).toEqual({ theme: 'dark', background: DARK_BG, checked: 'dark' });

    // The same page without the head script: the stored choice is not in force at any of those moments.
    const bare = await served.browser.context.newPage();
    try {
      await bare.emulateMedia({ colorScheme: 'light' });
      await recordFirstPaint(bare, 'dark');
      await bare.route(url('/scheme-one'), async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script>[^<]*<\/script>/, '');
        await route.fulfill({ response, body });
      });
      await bare.goto(url('/scheme-one'));
      await bare.waitForFunction(() => (window as unknown as { __seen: { bgAtLoad?: string } }).__seen.bgAtLoad !== undefined);
      const seen = await bare.evaluate(() => (window as unknown as { __seen: Record<string, unknown> }).__seen);
      expect(seen).toEqual({ atSheet: null, bgAtLoad: '#ffffff', atDomReady: LIGHT_BG });
      expect(await bare.locator('.scheme-toggle').isVisible()).toBe(false);
    } finally {
      await bare.close();
    }
  });

  it('keeps a choice across a reload and a client-side navigation, code blocks included', async () => {
    await fresh('/scheme-one');
    expect(await state()).toEqual({ theme: 'system', background: LIGHT_BG, checked: 'system' });
    expect(await codeIsDark()).toBe(false);

    await page.getByRole('radio', { name: 'Dark' }).click();
    expect(await state()).toEqual({ theme: 'dark', background: DARK_BG, checked: 'dark' });
    expect(await page.evaluate(() => localStorage.getItem('sitegen:theme'))).toBe('dark');
    expect(await codeIsDark()).toBe(true);

    await page.reload();
    expect(await state()).toEqual({ theme: 'dark', background: DARK_BG, checked: 'dark' });
    expect(await codeIsDark()).toBe(true);

    // A client-side navigation swaps the header: the attribute stays and the new toggle shows the choice.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole('link', { name: 'the second page' }).click();
    await page.waitForURL('**/scheme-two');
    await page.waitForSelector('text=Back to');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await state()).toEqual({ theme: 'dark', background: DARK_BG, checked: 'dark' });

    await page.getByRole('radio', { name: 'Light' }).click();
    await page.goBack();
    await page.waitForURL('**/scheme-one');
    await page.waitForSelector('.shiki');
    expect(await state()).toEqual({ theme: 'light', background: LIGHT_BG, checked: 'light' });
    expect(await codeIsDark()).toBe(false);
  });

  it('follows the OS on "system", and forces a choice against it', async () => {
    await fresh('/scheme-one');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await state()).toEqual({ theme: 'system', background: DARK_BG, checked: 'system' });
    expect(await codeIsDark()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    expect((await state()).background).toBe(LIGHT_BG);

    await page.getByRole('radio', { name: 'Dark' }).click();
    expect((await state()).background).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('radio', { name: 'Light' }).click();
    expect(await state()).toEqual({ theme: 'light', background: LIGHT_BG, checked: 'light' });
    expect(await codeIsDark()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
  });

  it('is a labelled radio group that works from the keyboard', async () => {
    await fresh('/scheme-one');
    const group = page.getByRole('radiogroup', { name: 'Theme' });
    expect(await group.getByRole('radio').count()).toBe(3);
    await group.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await state()).toEqual({ theme: 'dark', background: DARK_BG, checked: 'dark' });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('dark');
    await page.keyboard.press('ArrowLeft');
    expect((await state()).theme).toBe('light');
    // The focused radio shows a ring.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });

  it('is absent without JavaScript, and the OS preference applies', async () => {
    await page.goto(url('/scheme-one'));
    await page.getByRole('radio', { name: 'Light' }).click();
    const cdp = await served.browser.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await page.locator('.scheme-toggle').count()).toBe(1);
    expect(await page.locator('.scheme-toggle').isVisible()).toBe(false);
    // The stored "light" is not read: the OS's dark applies.
    expect(await state()).toEqual({ theme: null, background: DARK_BG, checked: null });
    expect(await codeIsDark()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    expect((await state()).background).toBe(LIGHT_BG);
  });
});
