/**
 * A document's links and element ids are a third of its metadata (8 of 23 MB at 10,000 documents)
 * and two thirds of its objects, and a rebuild rarely reads them: the link checks read the links
 * as written only for pages rendered anew from content in another folder, or to give a broken
 * link its line; plugins may read both. So `documents.json` holds the metadata without them and
 * `documents.details.json` (same id) holds them, read when a document's `links` or `ids` is first
 * read. A body edit at 10,000 documents never reads it (75 ms and 40 MB less, measured in pairs).
 */
import { openSync, readSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError } from '../errors.ts';
import { decode } from './json-file.ts';

export type Details = Pick<ContentDocument, 'links' | 'ids'>;

export const detailsFile = (cacheDir: string) => join(cacheDir, 'documents.details.json');

/** The document as `documents.json` holds it, and its details, for saving (the getters of a lazy document read them). */
export function splitDocument(doc: ContentDocument): [Omit<ContentDocument, 'links' | 'ids'>, Details | undefined] {
  if (!('links' in doc) && !('ids' in doc)) return [doc, undefined];
  const { links, ids, ...rest } = doc;
  return [rest, { links, ids }];
}

/**
 * The details file written with the metadata file `id`, when there is one: its header is read
 * (writeJson writes `key` and `id` first), the rest when a document first needs it.
 */
export function openDetails(cacheDir: string, key: string, id: string): DetailsFile | undefined {
  const file = detailsFile(cacheDir);
  let head = '';
  try {
    const fd = openSync(file, 'r');
    try {
      const bytes = Buffer.alloc(512);
      head = bytes.toString('latin1', 0, readSync(fd, bytes, 0, bytes.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const match = /^\{"key":("(?:[^"\\]|\\.)*"),"id":"([0-9a-f]+)"/.exec(head);
  return match && JSON.parse(match[1]) === key && match[2] === id ? new DetailsFile(file, key, id) : undefined;
}

export class DetailsFile {
  private entries?: Record<string, Details>;
  constructor(readonly file: string, private readonly key: string, private readonly id: string) {}

  /** Every document's details, read on first use. */
  all(): Record<string, Details> {
    if (this.entries) return this.entries;
    let whole: { key?: string; id?: string; entries?: Record<string, Details> } | undefined;
    try {
      whole = JSON.parse(decode(readFileSync(this.file)));
    } catch {
      whole = undefined;
    }
    // Replaced or damaged since its header was read (another build into the same cache, or a hand).
    if (!whole || whole.key !== this.key || whole.id !== this.id || !whole.entries || typeof whole.entries !== 'object') {
      throw new SitegenError('SG7002', `The document cache changed or was damaged during the build (${this.file})`, {
        hint: 'Run the build again; if this repeats, delete the .sitegen-cache folder (it only makes builds faster).',
      });
    }
    return (this.entries = whole.entries);
  }
}

/** Which details file and entry each lazy document reads its details from. */
const sources = new WeakMap<object, [DetailsFile, string]>();

function detailsOf(doc: object): Details | undefined {
  const [file, rel] = sources.get(doc)!;
  return file.all()[rel];
}

/** An own data property again once written (a plugin may set them). */
function settle(doc: object, name: keyof Details, value: unknown): void {
  Object.defineProperty(doc, name, { value, writable: true, enumerable: true, configurable: true });
}

// The same getters and setters for every document: V8 then gives all of them one shape (own,
// enumerable accessors after the other fields, where a parsed document has `links` and `ids`), so
// they read as fast as before; spreading, JSON and structured clone see the values.
const ACCESSORS: PropertyDescriptorMap = {
  links: { get(this: object) { return detailsOf(this)?.links; }, set(this: object, value: unknown) { settle(this, 'links', value); }, enumerable: true, configurable: true },
  ids: { get(this: object) { return detailsOf(this)?.ids; }, set(this: object, value: unknown) { settle(this, 'ids', value); }, enumerable: true, configurable: true },
};

/** Give a document read from `documents.json` its details: now (`lazy` off), or when first read. */
export function attachDetails(doc: ContentDocument, file: DetailsFile, rel: string, lazy: boolean): void {
  if (!lazy) {
    const details = file.all()[rel];
    if (details) Object.assign(doc, details);
    return;
  }
  sources.set(doc, [file, rel]);
  Object.defineProperties(doc, ACCESSORS);
}
