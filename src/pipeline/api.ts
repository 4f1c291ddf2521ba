import type { ContentDocument } from '../content/types.ts';

/** The content API's view of a document: everything but build internals. */
export function apiDocument(doc: ContentDocument): Record<string, unknown> {
  const { links: _links, ids: _ids, hash: _hash, ...rest } = doc;
  return rest;
}
