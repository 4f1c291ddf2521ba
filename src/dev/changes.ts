/** What an edited document changed, so `sitegen dev` re-plans or re-renders as little as it can. */
import type { ContentDocument } from '../content/types.ts';
import { navOrder } from '../site/collections.ts';

/** The fields of a document that listings and navigation show. */
export function summaryKey(doc: ContentDocument | undefined): string {
  if (!doc) return '';
  const fm = doc.frontmatter;
  return JSON.stringify([
    doc._path,
    doc.title,
    doc.description,
    doc.date,
    doc.updated,
    doc.draft,
    doc.navigation,
    doc.redirect,
    doc.layout,
    doc.excerpt,
    doc.readingTime,
    navOrder(fm),
    fm.level,
    fm.tags,
    fm.categories,
    fm.author,
    fm.authors,
    // Pairs the page with its translations: the other pages' language menus and hreflang links change with it.
    fm.translationKey,
    doc.middleware,
  ]);
}

/** The images a document shows, as written. */
export function imagesKey(doc: ContentDocument): string {
  return JSON.stringify((doc.images ?? []).map((ref) => ref.href));
}
