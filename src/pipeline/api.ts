import type { PostSummary } from '../../templates/types.ts';
import type { ContentDocument } from '../content/types.ts';
import { IMAGE_KEYS, rewriteImageFields, rewriteImages, type ImageManifest } from '../output/images.ts';
import { basePrefix, withBase } from '../render/base.ts';

/** What a document's content API file needs besides the document. */
export interface ApiContext {
  /** The site's base path (`/docs/`). */
  base: string;
  /** Where the document's images went (`documentImages`). */
  images?: ImageManifest;
}

/** HTML as the document's page shows it: images at their hashed files, root-relative URLs under the base. */
function served(html: string, doc: ContentDocument, context: ApiContext): string {
  return withBase(rewriteImages(html, doc._source, context.images), context.base);
}

/** Front matter `image:`/`cover:` at their hashed files, under the base. */
function servedFields(doc: ContentDocument, context: ApiContext): Record<string, unknown> {
  const fields = rewriteImageFields(doc.frontmatter, doc._source, context.images);
  if (fields === doc.frontmatter) return fields;
  const prefix = basePrefix(context.base);
  for (const name of IMAGE_KEYS) if (fields[name] !== doc.frontmatter[name]) fields[name] = `${prefix}${fields[name] as string}`;
  return fields;
}

/**
 * The content API's view of a document: everything but build internals, with its body, excerpt
 * and front matter images as its page shows them, so a client can place the HTML as it is.
 */
export function apiDocument(doc: ContentDocument, context: ApiContext): Record<string, unknown> {
  const { links: _links, ids: _ids, hash: _hash, ...rest } = doc;
  // Keys keep their places: the file is the same JSON as before wherever nothing is rewritten.
  const view: Record<string, unknown> = { ...rest, frontmatter: servedFields(doc, context) };
  if (doc.excerpt) view.excerpt = served(doc.excerpt, doc, context);
  if (doc.body?.html) view.body = { ...doc.body, html: served(doc.body.html, doc, context) };
  return view;
}

/**
 * The blog listing as its content API file holds it (and `build:done` plugins see it): each
 * excerpt with its links under the base, as the listing pages show it. Images are at their
 * hashed files already (toPostSummary).
 */
export function apiPosts(posts: PostSummary[], base: string): PostSummary[] {
  if (!basePrefix(base)) return posts;
  return posts.map((post) => (post.excerpt ? { ...post, excerpt: withBase(post.excerpt, base) } : post));
}
