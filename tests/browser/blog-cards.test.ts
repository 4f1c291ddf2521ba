/**
 * The blog's cards in real Chromium (fixture `blogger`): an excerpt that holds a list keeps its bullets inside the
 * card's text column, at a phone's width and a desktop's.
 */
import { describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('blogger');

describe('a card whose excerpt holds a list', () => {
  for (const width of [390, 1280])
    it(`indents the list so its bullets stay inside the card at ${width} px`, async () => {
      const { page, server } = served;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/blog`);
      const card = page.locator('.post-card', { hasText: 'An excerpt with a list' });
      const [text, item] = await Promise.all([card.locator('.post-card-excerpt p').boundingBox(), card.locator('.post-card-excerpt li').first().boundingBox()]);
      // The marker sits outside its item: an item flush with the text puts the bullet in the card's padding.
      expect(item!.x - text!.x).toBeGreaterThanOrEqual(12);
    });
});
