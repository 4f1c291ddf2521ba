/**
 * The worker-pool entry: parse batches of source files, render batches of routes.
 * Templates, plugins, markdown-it and the shared site data are set up once per worker and reused.
 */
// React picks its build from NODE_ENV when first imported (by the template bundle, below): the
// production build renders the same HTML several times faster, and the bundle itself is compiled
// for production already.
process.env.NODE_ENV = 'production';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText } from './hash.ts';
import { pathToFileURL } from 'node:url';
import type MarkdownIt from 'markdown-it';
import { createMarkdown } from './markdown/index.ts';
import { initHighlighter } from './markdown/highlight.ts';
import { parseDocument } from './content/parse.ts';
import type { ParseOptions, ParseResult, SourceFile } from './content/types.ts';
import { SitegenError } from './errors.ts';
import { renderPage, type RenderModule } from './render/render-page.ts';
import type { RenderJob, RenderedPage, SharedRenderData } from './render/types.ts';
import { instantiatePlugins, type PluginModule } from './plugins/load.ts';
import { HookRunner, type HookTimings } from './plugins/run.ts';

export interface ParseTask {
  type: 'parse';
  files: SourceFile[];
  options: ParseOptions;
  plugins: PluginModule[];
  /**
   * Where parsed documents are cached by content hash, and the key of everything else a parse
   * depends on (sitegen version, options, markdown plugins). Unset: no cache.
   */
  cache?: { dir: string; key: string };
}

export interface RenderTask {
  type: 'render';
  bundleFile: string;
  sharedFile: string;
  jobs: RenderJob[];
  plugins: PluginModule[];
}

export type WorkerTask = ParseTask | RenderTask;

export interface WorkerResult<T> {
  items: T[];
  timings: HookTimings;
}

const markdown = new Map<string, MarkdownIt>();
const modules = new Map<string, Promise<RenderModule>>();
const shared = new Map<string, Promise<SharedRenderData>>();

function cached<T>(map: Map<string, T>, key: string, load: () => T): T {
  let hit = map.get(key);
  if (hit === undefined) {
    if (map.size > 4) map.clear();
    hit = load();
    map.set(key, hit);
  }
  return hit;
}

async function parseFiles(task: ParseTask, hooks: HookRunner): Promise<ParseResult[]> {
  const key = JSON.stringify([task.options.markdown, task.plugins]);
  let md: MarkdownIt;
  try {
    md = cached(markdown, key, () => createMarkdown(task.options.markdown, (instance) => hooks.runSync('markdown', instance)));
  } catch (error) {
    const err = error instanceof SitegenError ? error : new SitegenError('SG6001', String(error));
    return task.files.map(() => ({ errors: [err.toJSON()] }));
  }
  return Promise.all(
    task.files.map(async (file) => {
      let text: string;
      try {
        text = await readFile(file.file, 'utf8');
      } catch (error) {
        return { errors: [new SitegenError('SG2005', `Cannot read ${file.display}: ${(error as Error).message}`, { location: { file: file.display } }).toJSON()] };
      }
      const cached = task.cache && join(task.cache.dir, `${hashText(`${task.cache.key}\u0000${file.rel}\u0000${file.display}\u0000${text}`)}.json`);
      if (cached) {
        try {
          return { ...(JSON.parse(await readFile(cached, 'utf8')) as ParseResult), cached: true };
        } catch {
          // not cached yet
        }
      }
      try {
        const result = parseDocument(file, text, md, task.options);
        if (cached) await writeFile(cached, JSON.stringify(result)).catch(() => undefined);
        return result;
      } catch (error) {
        const err = new SitegenError('SG2001', `Could not parse ${file.display}: ${(error as Error).message}`, { location: { file: file.display }, hint: 'This is a bug in sitegen or a plugin; run with --debug for the stack.' });
        err.stack = (error as Error).stack;
        return { errors: [err.toJSON()] };
      }
    }),
  );
}

async function renderRoutes(task: RenderTask, hooks: HookRunner): Promise<RenderedPage[]> {
  const mod = await cached(modules, task.bundleFile, () => import(pathToFileURL(task.bundleFile).href) as Promise<RenderModule>);
  const data = await cached(shared, task.sharedFile, async () => JSON.parse(await readFile(task.sharedFile, 'utf8')) as SharedRenderData);
  const out: RenderedPage[] = [];
  for (const job of task.jobs) out.push(await renderPage(mod, data, job, hooks));
  return out;
}

const ready = initHighlighter();

export default async function run(task: WorkerTask): Promise<WorkerResult<ParseResult | RenderedPage>> {
  await ready;
  const hooks = new HookRunner(await instantiatePlugins(task.plugins));
  const items = task.type === 'parse' ? await parseFiles(task, hooks) : await renderRoutes(task, hooks);
  return { items, timings: hooks.timings };
}
