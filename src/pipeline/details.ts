/**
 * Links and element ids, kept apart from the rest of the cache: they are a third of a document's metadata and most of a
 * page record, yet a rebuild reads them only for the pages the link checks touch (and plugins may read a document's).
 * So `documents.json` and the page records hold the rest, and a details file beside each (same id) holds these.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { SitegenError } from '../errors.ts';
import { decode } from '../cache/json-file.ts';

/** What a details file holds per entry (a document's LinkRef[] and ids, a page's hrefs and ids). */
export interface Details {
  links: unknown;
  ids: unknown;
}

/** The object as its main file holds it, and its details, for saving (the getters of a lazy object read them). */
export function splitDetails<T extends Partial<Details>>(value: T): [Omit<T, 'links' | 'ids'>, Details | undefined] {
  if (!('links' in value) && !('ids' in value)) return [value, undefined];
  const { links, ids, ...rest } = value;
  return [rest, { links, ids }];
}

/**
 * The details file `file` written with main file `id` (and cache `key`), when it is that one: its header is read now
 * (writeJson writes `key`, `id`, then `entries`, in order), the rest when an entry first needs it.
 */
export function openDetails(file: string, id: string, key?: string): DetailsFile | undefined {
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
  const match = /^\{(?:"key":("(?:[^"\\]|\\.)*"),)?"id":("(?:[^"\\]|\\.)*")/.exec(head);
  if (!match) return undefined;
  const sameKey = key === undefined ? match[1] === undefined : !!match[1] && JSON.parse(match[1]) === key;
  return sameKey && JSON.parse(match[2]) === id ? new DetailsFile(file, id, key) : undefined;
}

export class DetailsFile {
  private entries?: Record<string, Details>;
  constructor(
    readonly file: string,
    private readonly id: string,
    private readonly key?: string,
  ) {}

  /** Every entry's details, read on first use. */
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
      throw new SitegenError('SG7002', `The build cache changed or was damaged during the build (${this.file})`, {
        hint: 'Run the build again; if this repeats, delete the .sitegen-cache folder (it only makes builds faster).',
      });
    }
    return (this.entries = whole.entries);
  }
}

/** Which details file and entry each lazy object reads its details from. */
const sources = new WeakMap<object, [DetailsFile, string]>();

function detailsOf(value: object): Details | undefined {
  const [file, name] = sources.get(value)!;
  return file.all()[name];
}

/** An own data property again once written (a plugin may set a document's). */
function settle(value: object, name: keyof Details, field: unknown): void {
  Object.defineProperty(value, name, { value: field, writable: true, enumerable: true, configurable: true });
}

// The same accessors for every object, so V8 gives them all one shape and they read as fast as plain fields; being own
// and enumerable, spreading, JSON and structured clone see the values.
const ACCESSORS: PropertyDescriptorMap = {
  links: {
    get(this: object) {
      return detailsOf(this)?.links;
    },
    set(this: object, field: unknown) {
      settle(this, 'links', field);
    },
    enumerable: true,
    configurable: true,
  },
  ids: {
    get(this: object) {
      return detailsOf(this)?.ids;
    },
    set(this: object, field: unknown) {
      settle(this, 'ids', field);
    },
    enumerable: true,
    configurable: true,
  },
};

/** Give an object read from a main file its details (entry `name` of `file`): now (`lazy` off), or when first read. */
export function attachDetails(value: object, file: DetailsFile, name: string, lazy: boolean): void {
  if (!lazy) {
    const details = file.all()[name];
    if (details) Object.assign(value, details);
    return;
  }
  sources.set(value, [file, name]);
  Object.defineProperties(value, ACCESSORS);
}

/** Give `to` the details of `from`: the same lazy ones when `from`'s are not read yet. */
export function carryDetails(to: Partial<Details>, from: Partial<Details>): void {
  const source = sources.get(from);
  if (!source) {
    Object.assign(to, { links: from.links, ids: from.ids });
    return;
  }
  delete to.links;
  delete to.ids;
  sources.set(to, source);
  Object.defineProperties(to, ACCESSORS);
}
