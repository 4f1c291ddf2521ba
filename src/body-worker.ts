/**
 * The threads behind `mapBodies` in `build:done` (pipeline/outputs.ts): each task runs a function a plugin's module
 * exports on a batch of bodies, each read here from its content API file. They load nothing of sitegen's but this, so
 * they start in a few tens of milliseconds, after the render workers have closed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BodiesTask {
  /** The plugin's compiled module (a file URL), and the name of the function it exports. */
  module: string;
  name: string;
  arg?: unknown;
  /** The output folder being written: the content API files are relative to it. */
  dir: string;
  /** Each body: its content API file, or the HTML itself. */
  items: (string | { html: string })[];
}

/** The body HTML a content API file's text holds, as `body(doc)` in `build:done` gives it. */
export function bodyOfApi(text: string): string {
  return (JSON.parse(text) as { body?: { html?: string } }).body?.html ?? '';
}

/** The body a content API file holds. */
export function apiBody(file: string): string {
  return bodyOfApi(readFileSync(file, 'utf8'));
}

/** The named export of the module, which must be a function. */
export async function exported(module: string, name: string): Promise<(html: string, arg: unknown) => unknown> {
  const fn = ((await import(module)) as Record<string, unknown>)[name];
  if (typeof fn !== 'function') throw new Error(`mapBodies: ${module} exports no function named "${name}"`);
  return fn as (html: string, arg: unknown) => unknown;
}

export default async function run({ module, name, arg, dir, items }: BodiesTask): Promise<unknown[]> {
  const fn = await exported(module, name);
  const results: unknown[] = [];
  for (const item of items) results.push(await fn(typeof item === 'string' ? apiBody(join(dir, item)) : item.html, arg));
  return results;
}
