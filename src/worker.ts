/**
 * The worker-pool entry: parse batches of source files, render batches of routes.
 * Templates, markdown-it and the shared site data are set up once per worker and reused.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type MarkdownIt from 'markdown-it';
import { createMarkdown } from './markdown/index.ts';
import { initHighlighter } from './markdown/highlight.ts';
import { parseDocument } from './content/parse.ts';
import type { ParseOptions, ParseResult, SourceFile } from './content/types.ts';
import { SitegenError } from './errors.ts';
import { renderPage, type RenderModule } from './render/render-page.ts';
import type { RenderJob, RenderedPage, SharedRenderData } from './render/types.ts';

export interface ParseTask {
  type: 'parse';
  files: SourceFile[];
  options: ParseOptions;
}

export interface RenderTask {
  type: 'render';
  bundleFile: string;
  sharedFile: string;
  jobs: RenderJob[];
}

export type WorkerTask = ParseTask | RenderTask;

let markdown: { key: string; md: MarkdownIt } | undefined;
const modules = new Map<string, Promise<RenderModule>>();
const shared = new Map<string, Promise<SharedRenderData>>();

async function parseFiles(task: ParseTask): Promise<ParseResult[]> {
  const key = JSON.stringify(task.options.markdown);
  if (markdown?.key !== key) markdown = { key, md: createMarkdown(task.options.markdown) };
  const md = markdown.md;
  return Promise.all(
    task.files.map(async (file) => {
      let text: string;
      try {
        text = await readFile(file.file, 'utf8');
      } catch (error) {
        return { errors: [new SitegenError('SG2005', `Cannot read ${file.display}: ${(error as Error).message}`, { location: { file: file.display } }).toJSON()] };
      }
      try {
        return parseDocument(file, text, md, task.options);
      } catch (error) {
        const err = new SitegenError('SG2001', `Could not parse ${file.display}: ${(error as Error).message}`, { location: { file: file.display }, hint: 'This is a bug in sitegen or a plugin; run with --debug for the stack.' });
        err.stack = (error as Error).stack;
        return { errors: [err.toJSON()] };
      }
    }),
  );
}

function cached<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let hit = map.get(key);
  if (!hit) {
    if (map.size > 4) map.clear();
    hit = load();
    map.set(key, hit);
  }
  return hit;
}

async function renderRoutes(task: RenderTask): Promise<RenderedPage[]> {
  const mod = await cached(modules, task.bundleFile, () => import(pathToFileURL(task.bundleFile).href) as Promise<RenderModule>);
  const data = await cached(shared, task.sharedFile, async () => JSON.parse(await readFile(task.sharedFile, 'utf8')) as SharedRenderData);
  return task.jobs.map((job) => renderPage(mod, data, job));
}

const ready = initHighlighter();

export default async function run(task: WorkerTask): Promise<ParseResult[] | RenderedPage[]> {
  await ready;
  return task.type === 'parse' ? parseFiles(task) : renderRoutes(task);
}
