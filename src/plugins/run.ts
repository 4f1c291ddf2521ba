/** Running hooks: in order, timed per plugin; a throw becomes a PluginError naming plugin and hook, with the cause. */
import { SitegenError, type Location } from '../errors.ts';
import type { ContentDocument } from '../content/types.ts';
import type { HookName, PageHookContext, SitegenHooks, SitegenPlugin } from './types.ts';
import { checkDocuments, checkHead, checkResult } from './checks.ts';

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

type HookResult<H extends HookName> = Awaited<ReturnType<NonNullable<SitegenHooks[H]>>>;

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
