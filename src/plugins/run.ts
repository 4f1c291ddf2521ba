/** Running hooks: in order, timed per plugin; a throw becomes a PluginError naming plugin and hook, with the cause. */
import { SitegenError, type Location } from '../errors.ts';
import type { ContentDocument } from '../content/types.ts';
import { HOOK_NAMES, type HeadData, type HookName, type PageHookContext, type SitegenHooks, type SitegenPlugin } from './types.ts';

export class PluginError extends SitegenError {
  override name = 'PluginError';
  constructor(
    readonly plugin: string,
    readonly hook: HookName,
    cause: unknown,
    location?: Location,
  ) {
    super('SG6001', `Plugin "${plugin}" failed in hook "${hook}": ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
      location,
      hint: `The error was thrown by the plugin, not by sitegen. Run with --debug for its stack.`,
    });
  }
}

/** Milliseconds spent per `plugin › hook`. */
export type HookTimings = Record<string, number>;

export function mergeTimings(into: HookTimings, from: HookTimings): void {
  for (const [key, ms] of Object.entries(from)) into[key] = (into[key] ?? 0) + ms;
}

/** Nesting past which a document is taken to hold a cycle (a plugin's doing): structuredClone copies those. */
const MAX_DEPTH = 64;

/** A deep copy of parsed data member by member, faster than structuredClone, which still copies anything else (a Date, a Map). */
function copyData<T>(value: T, depth: number): T {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) throw new RangeError('nested too deeply to copy member by member');
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyData(value[i], depth + 1);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyData((value as Record<string, unknown>)[key], depth + 1);
  return out as T;
}

/** A document for `content:loaded` to change, the original untouched (a cycle: structuredClone). */
export function copyDocument(doc: ContentDocument): ContentDocument {
  try {
    return copyData(doc, 0);
  } catch {
    return structuredClone(doc);
  }
}

type HookArgs<H extends HookName> = Parameters<NonNullable<SitegenHooks[H]>>;

const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a hook may return besides nothing, checked before sitegen uses it: a wrong value fails as the plugin's error. */
const RESULTS: Partial<Record<HookName, [check: (value: unknown) => boolean, expected: string]>> = {
  'config:resolved': [isRecord, 'the config object, or nothing when it changed the config in place'],
  'content:loaded': [Array.isArray, 'an array of documents, or nothing when it changed them in place'],
  'page:html': [(value) => typeof value === 'string', "the page's HTML as a string, or nothing to keep it"],
};

/** `null`, an array, a number, … as a person would name it. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value} (${String(value).slice(0, 40)})`;
}

function checkResult(hook: HookName, value: unknown): void {
  const rule = RESULTS[hook];
  if (rule && !rule[0](value)) throw new TypeError(`it returned ${kindOf(value)}; "${hook}" returns ${rule[1]}`);
}

/** Fields every document needs further on, with what each holds. */
const DOCUMENT_FIELDS: [keyof ContentDocument, (value: unknown) => boolean, string][] = [
  ['_id', (v) => typeof v === 'string' && v !== '', 'a string'],
  ['_path', (v) => typeof v === 'string' && v.startsWith('/'), 'a route starting with /'],
  ['_source', (v) => typeof v === 'string', 'a string'],
  ['_type', (v) => typeof v === 'string', 'a string'],
  ['title', (v) => typeof v === 'string', 'a string'],
  ['description', (v) => typeof v === 'string', 'a string'],
  ['frontmatter', (v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object'],
  ['links', Array.isArray, 'an array'],
  ['ids', Array.isArray, 'an array'],
  ['middleware', Array.isArray, 'an array'],
];

/** Documents as `content:loaded` left them: each still has what planning and rendering read. */
function checkDocuments(docs: ContentDocument[]): void {
  for (const [i, doc] of docs.entries()) {
    const name = `documents[${i}]${typeof doc?._source === 'string' ? ` (${doc._source})` : ''}`;
    if (typeof doc !== 'object' || doc === null) throw new TypeError(`it left ${name} as ${kindOf(doc)}`);
    for (const [field, ok, holds] of DOCUMENT_FIELDS) {
      if (!ok(doc[field])) {
        const hint = doc._source === undefined ? ': a document a plugin adds starts as a copy of a parsed one ({ ...documents[0], … })' : '';
        throw new TypeError(`it left ${name} with ${field} ${kindOf(doc[field])}, where it is ${holds}${hint}`);
      }
    }
  }
}

/**
 * The head as `page:data` left it, made safe to print: a JSON-LD object becomes its JSON, a number or boolean attribute
 * its text. A tag other than meta or link (printed without its end tag, it would swallow the page) is an error.
 */
function checkHead(head: HeadData | undefined): void {
  if (!head) return;
  if (typeof head.title !== 'string') throw new TypeError(`it set head.title to ${kindOf(head.title)}; the title is a string`);
  head.jsonld = head.jsonld.map((block, i) => {
    if (typeof block === 'string') return block;
    if (!block || typeof block !== 'object') throw new TypeError(`it set head.jsonld[${i}] to ${kindOf(block)}; JSON-LD blocks are objects or JSON strings`);
    return JSON.stringify(block);
  });
  for (const [i, { tag, attrs }] of head.tags.entries()) {
    if (tag !== 'meta' && tag !== 'link') {
      throw new TypeError(
        `it added head.tags[${i}] as ${typeof tag === 'string' ? `<${tag}>` : kindOf(tag)}: head tags are "meta" or "link" (a script belongs in the layout or an island)`,
      );
    }
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (typeof value === 'number' || typeof value === 'boolean') attrs[name] = String(value);
      else if (typeof value !== 'string') throw new TypeError(`it set head.tags[${i}].attrs.${name} to ${kindOf(value)}; attributes are strings`);
    }
  }
}
type HookResult<H extends HookName> = Awaited<ReturnType<NonNullable<SitegenHooks[H]>>>;

/** Letters two names differ by (Levenshtein), for suggesting the hook a plugin meant. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** One line per hook a plugin has that sitegen never calls (a typo, or a hook of another version), with the likely one. */
export function unknownHooks(plugins: SitegenPlugin[]): string[] {
  return plugins.flatMap((plugin) =>
    Object.keys(plugin.hooks)
      .filter((name) => !HOOK_NAMES.includes(name as HookName))
      .map((name) => {
        const near = HOOK_NAMES.find((known) => distance(name, known) <= 2);
        return `plugin "${plugin.name}" has a hook sitegen does not call: "${name}"${near ? ` (did you mean "${near}"?)` : ''}; hooks: ${HOOK_NAMES.join(', ')}`;
      }),
  );
}

export class HookRunner {
  readonly timings: HookTimings = {};

  constructor(readonly plugins: SitegenPlugin[]) {}

  has(hook: HookName): boolean {
    return this.plugins.some((p) => p.hooks[hook]);
  }

  /** Call `hook` on every plugin in order; `args` gets the last result, to thread a value through. */
  async run<H extends HookName>(hook: H, args: (previous: HookResult<H> | undefined) => HookArgs<H>, location?: Location): Promise<HookResult<H> | undefined> {
    let last: HookResult<H> | undefined;
    for (const plugin of this.plugins) {
      const fn = plugin.hooks[hook] as ((...a: HookArgs<H>) => HookResult<H>) | undefined;
      if (!fn) continue;
      const started = performance.now();
      try {
        const given = args(last);
        const result = await fn(...given);
        if (result !== undefined) checkResult(hook, result);
        if (hook === 'page:data') checkHead((given[0] as PageHookContext).head);
        if (hook === 'content:loaded') checkDocuments((result ?? given[0]) as ContentDocument[]);
        if (result !== undefined) last = result;
      } catch (error) {
        throw new PluginError(plugin.name, hook, error, location);
      } finally {
        const key = `${plugin.name} › ${hook}`;
        this.timings[key] = (this.timings[key] ?? 0) + performance.now() - started;
      }
    }
    return last;
  }

  /**
   * `content:loaded` over copies: the cached originals stay as parsed for the next build, so a hook
   * that is not idempotent (appending to a title) never runs twice on one document.
   */
  async contentLoaded(docs: ContentDocument[]): Promise<ContentDocument[]> {
    if (!this.has('content:loaded')) return docs;
    const copies = docs.map(copyDocument);
    return (await this.run('content:loaded', (previous) => [previous ?? copies])) ?? copies;
  }

  /** Synchronous hooks (markdown): same rules, no awaiting. */
  runSync<H extends HookName>(hook: H, ...args: HookArgs<H>): void {
    for (const plugin of this.plugins) {
      const fn = plugin.hooks[hook] as ((...a: HookArgs<H>) => unknown) | undefined;
      if (!fn) continue;
      const started = performance.now();
      try {
        fn(...args);
      } catch (error) {
        throw new PluginError(plugin.name, hook, error);
      } finally {
        const key = `${plugin.name} › ${hook}`;
        this.timings[key] = (this.timings[key] ?? 0) + performance.now() - started;
      }
    }
  }
}
