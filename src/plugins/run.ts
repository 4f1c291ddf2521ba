/**
 * Running hooks: in order, timed per plugin, and any throw wrapped as a PluginError that names
 * the plugin and the hook, with the original error as its cause.
 */
import { SitegenError, type Location } from '../errors.ts';
import type { ContentDocument } from '../content/types.ts';
import type { HookName, SitegenHooks, SitegenPlugin } from './types.ts';

export class PluginError extends SitegenError {
  override name = 'PluginError';
  constructor(readonly plugin: string, readonly hook: HookName, cause: unknown, location?: Location) {
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

type HookArgs<H extends HookName> = Parameters<NonNullable<SitegenHooks[H]>>;
type HookResult<H extends HookName> = Awaited<ReturnType<NonNullable<SitegenHooks[H]>>>;

export class HookRunner {
  readonly timings: HookTimings = {};

  constructor(readonly plugins: SitegenPlugin[]) {}

  has(hook: HookName): boolean {
    return this.plugins.some((p) => p.hooks[hook]);
  }

  /** Call `hook` on every plugin in order; `each` sees every result (to thread a value through). */
  async run<H extends HookName>(hook: H, args: (previous: HookResult<H> | undefined) => HookArgs<H>, location?: Location): Promise<HookResult<H> | undefined> {
    let last: HookResult<H> | undefined;
    for (const plugin of this.plugins) {
      const fn = plugin.hooks[hook] as ((...a: HookArgs<H>) => HookResult<H>) | undefined;
      if (!fn) continue;
      const started = performance.now();
      try {
        const result = await fn(...args(last));
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
   * `content:loaded` over copies of the documents: what a plugin changes is this build's, while
   * the originals, as parsed, are what the document cache keeps and the next build (or the dev
   * server's next edit) starts from. On the documents themselves, a hook that is not idempotent
   * (appending to a title) ran again on every cached document in each rebuild.
   */
  async contentLoaded(docs: ContentDocument[]): Promise<ContentDocument[]> {
    if (!this.has('content:loaded')) return docs;
    const copies = docs.map((doc) => structuredClone(doc));
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
