/**
 * Versioned docs in a right-to-left language, in real Chromium: a version label written left to right ("v1 (LTS)+")
 * keeps its own order inside the Persian banner and menu, its trailing "+" not thrown to the other end.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('versioned', {
  prepare(site) {
    const config = join(site, 'site/config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8')
        .replace("locales: ['en', 'ja'],", "locales: ['en', 'ja', 'fa'],")
        .replace("{ dir: 'v1' }", "{ dir: 'v1', label: 'v1 (LTS)+' }"),
    );
    for (const version of ['v1', 'v2']) {
      mkdirSync(join(site, `content/fa/${version}/guide`), { recursive: true });
      writeFileSync(join(site, `content/fa/${version}/guide/index.md`), `---\ntitle: راهنما\n---\n\nراهنمای ${version}.\n`);
    }
  },
});

/** Where each of `needles` starts on screen (px from the left), in the first element matching `selector`. */
function positions(selector: string, needles: string[]): Promise<Record<string, number>> {
  return served.page.evaluate(
    ([selector, needles]) => {
      const found: Record<string, number> = {};
      const walker = document.createTreeWalker(document.querySelector(selector as string)!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const needle of needles as string[]) {
          const at = node.data.indexOf(needle);
          if (at < 0 || needle in found) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          found[needle] = range.getBoundingClientRect().left;
        }
      }
      return found;
    },
    [selector, needles] as const,
  );
}

describe('versions in a right-to-left language', () => {
  it('keeps a left-to-right version label in its order in the banner and the menu', async () => {
    const { page, server } = served;
    await page.goto(`${server.url}/fa/v1/guide`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    for (const selector of ['.version-banner p', '.version-switch summary strong']) {
      const at = await positions(selector, ['v1', 'LTS', '+']);
      expect(at.v1, selector).toBeLessThan(at.LTS);
      expect(at.LTS, `${selector}: the + after the label, not before it`).toBeLessThan(at['+']);
    }
  });
});
