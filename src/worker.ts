/**
 * The worker side of the pipeline, one session per worker thread for the whole build: it parses its documents, keeps
 * their bodies, later renders and writes their pages, and sends only metadata to the main thread (pipeline/protocol.ts).
 */
// React picks its build from NODE_ENV when the template bundle first imports it: production renders far faster.
process.env.NODE_ENV = 'production';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type MarkdownIt from 'markdown-it';
import { createMarkdown } from './markdown/index.ts';
import { deferLanguageLoading, fenceLanguages, initHighlighter, loadLanguages, missingLanguage } from './markdown/highlight.ts';
import { parseDocument } from './content/parse.ts';
import { decodeSource } from './content/decode.ts';
import { routeToFile, routeToPayload } from './content/paths.ts';
import type { ContentDocument, ParseOptions, SourceFile } from './content/types.ts';
import { SitegenError, fileSystemError } from './errors.ts';
import { idsKey } from './pipeline/checks.ts';
import { importTemplates, renderPage, type RenderModule } from './render/render-page.ts';
import { expandComponents } from './render/components.ts';
import type { RenderJob } from './render/types.ts';
import { instantiatePlugins } from './plugins/load.ts';
import { HookRunner } from './plugins/run.ts';
import { FsWriter } from './output/writer.ts';
import { tryLink, type OpenFolder } from './pipeline/reuse.ts';
import { apiDocument } from './pipeline/api.ts';
import { BodyStore } from './pipeline/bodies.ts';
import { HeapCap } from './pipeline/heap.ts';
import { readSource } from './pipeline/stat.ts';
import { hashText } from './hash.ts';
import type {
  ApiRequest,
  ApiResult,
  BodyAt,
  BodySource,
  CopiedPage,
  Envelope,
  PageResult,
  ParseRequest,
  ParsedItem,
  SessionResult,
  SessionTask,
  SetupRequest,
  WorkerJob,
  WorkerReply,
  WorkerRequest,
} from './pipeline/protocol.ts';

function serialize(error: unknown): SitegenError {
  if (error instanceof SitegenError) return error;
  const system = fileSystemError(error);
  if (system) return system;
  const err = new SitegenError('SG4003', (error as Error)?.message ?? String(error), {
    hint: 'This is a bug in sitegen or a plugin; run with --debug for the stack.',
  });
  err.stack = (error as Error)?.stack;
  return err;
}

/**
 * The worker's heap: collected between parse and render, then whenever it has grown by this headroom past what was live
 * after the last collection, since V8 alone lets a rendering worker's heap grow to several times what is live.
 */
const heap = new HeapCap(80 * 1024 * 1024);

/** Where a document's metadata is kept in the body store (no document id starts with a NUL). */
const metaKey = (id: string) => `\u0000${id}`;

class Session {
  private readonly markdown = new Map<string, MarkdownIt>();
  /**
   * On disk, by document id: the body HTML of every document parsed here and, under `metaKey(id)`, its metadata JSON,
   * off the heap until the content API files are written. One file for both: appending to two costs far more.
   */
  private readonly bodies = new BodyStore();
  private folder?: OpenFolder;
  private setup?: SetupRequest & { mod: RenderModule };
  /** The last `setup` request, which later render requests wait for (requests are handled as they come, not in turn). */
  private configured?: Promise<void>;

  /** The request in hand: with the item's index it goes into `current`, which the main thread reads if this worker dies. */
  private seq = 0;
  private parsed = 0;

  constructor(
    private readonly hooks: HookRunner,
    private readonly current: Int32Array,
    private readonly interrupted: Int32Array,
  ) {}

  /** The end of the session: the kept bodies go. */
  close(): void {
    this.bodies.close();
  }

  private working(index: number): void {
    Atomics.store(this.current, 0, this.seq);
    Atomics.store(this.current, 1, index);
  }

  private md(options: ParseOptions): MarkdownIt {
    const key = JSON.stringify([options.markdown, options.components]);
    let md = this.markdown.get(key);
    if (!md) {
      md = createMarkdown({ ...options.markdown, components: options.components }, (instance) => this.hooks.runSync('markdown', instance));
      this.markdown.set(key, md);
    }
    return md;
  }

  handle(seq: number, request: WorkerRequest): Promise<unknown> | unknown {
    this.seq = seq;
    switch (request.type) {
      case 'parse':
        return this.parse(request);
      case 'folder':
        this.folder = { ...request, writer: new FsWriter(request.outDir, this.interrupted, request.previous, request.inPlace) };
        // Parsing is over and the main thread plans the site: clear parse's garbage, when there is much (a collection is not free).
        if (this.parsed >= 100) heap.collect();
        return undefined;
      case 'preload':
        this.templates(request.bundleFile).catch(() => undefined); // setup reports a failure
        return undefined;
      case 'setup':
        return (this.configured = this.configure(request));
      case 'changes':
        return this.folder?.writer.changed.splice(0) ?? [];
      case 'render':
        return this.renderAll(seq, request.jobs).finally(() => heap.check());
      case 'api':
        return this.api(request).finally(() => heap.check());
      default:
        throw new Error(`unknown request ${(request as { type: string }).type}`);
    }
  }

  private async parse(request: ParseRequest): Promise<ParsedItem[]> {
    let md: MarkdownIt;
    try {
      md = this.md(request.options);
    } catch (error) {
      const err = error instanceof SitegenError ? error : new SitegenError('SG6001', String(error));
      return request.files.map((_, index) => ({ index, errors: [err.toJSON()], ms: 0 }));
    }
    const texts = request.files.map((file) => {
      try {
        const { bytes, stat } = readSource(file.file);
        // UTF-8, or UTF-16 by its byte-order mark (content/decode.ts); the hash is of the bytes.
        const hash = hashText(bytes);
        return { decoded: decodeSource(bytes, hash), hash, stat };
      } catch (error) {
        return error as Error;
      }
    });
    // The grammars their code blocks name, loaded first (any the scan misses load on demand).
    await loadLanguages(texts.flatMap((read) => (read instanceof Error ? [] : fenceLanguages(read.decoded.text ?? '')))).catch(() => undefined);
    const items: ParsedItem[] = [];
    for (const [index, file] of request.files.entries()) items.push(await parseOne(this, index, file));
    this.parsed += items.length;
    // Written before the reply: from then on any worker may read the bodies (BodyStore.readAt).
    this.bodies.flush();
    return items;

    async function parseOne(session: Session, index: number, file: SourceFile): Promise<ParsedItem> {
      const read = texts[index];
      if (read instanceof Error) {
        return {
          index,
          errors: [new SitegenError('SG2005', `Cannot read ${file.display}: ${read.message}`, { location: { file: file.display } }).toJSON()],
          ms: 0,
        };
      }
      const { decoded, hash, stat } = read;
      const started = performance.now();
      try {
        session.working(index);
        // Bodies neither kept nor sent (the dev server's start-up) are never rendered: only their metadata is wanted.
        const render = request.keep || !!request.bodies;
        const result = await withGrammars(() => parseDocument(file, decoded, md, request.options, render, undefined, request.scope));
        const doc = result.doc;
        let at: BodyAt | undefined;
        const html = request.bodies ? (doc?.body?.html ?? '') : undefined;
        if (doc?.body) {
          if (request.keep) {
            session.bodies.set(doc._id, doc.body.html);
            at = session.bodies.where(doc._id);
          }
          doc.body = { toc: doc.body.toc, html: '' };
        }
        const json = doc && (request.keep || request.apiKeyPrefix !== undefined) ? JSON.stringify(doc) : undefined;
        if (doc && request.keep) session.bodies.set(metaKey(doc._id), json!);
        const apiKey = doc && request.apiKeyPrefix !== undefined ? hashText(`${request.apiKeyPrefix}\u0000${json}`) : undefined;
        // A build's documents cross as this JSON: a string is copied, where an object would be walked on both sides.
        const sent = json !== undefined && request.apiKeyPrefix !== undefined ? { json } : { doc };
        const extra = {
          ...(apiKey ? { apiKey } : {}),
          ...(at ? { at } : {}),
          ...(result.deps ? { deps: result.deps } : {}),
          ...(html !== undefined ? { html } : {}),
        };
        return { index, ...sent, errors: result.errors, ms: performance.now() - started, hash, stat, ...extra };
      } catch (error) {
        // A full disk under the body store is no parse error.
        const system = fileSystemError(error);
        if (system) return { index, errors: [system.toJSON()], ms: performance.now() - started, hash, stat };
        // Front matter and markdown problems are reported where they are found: what reaches here threw (a markdown plugin).
        const err = new SitegenError('SG4001', `${file.display} failed to render its markdown: ${(error as Error).message}`, {
          location: { file: file.display },
          hint: "The error came from a markdown plugin (a plugin's markdown hook) or from sitegen; run with --debug for the stack.",
        });
        err.stack = (error as Error).stack;
        return { index, errors: [err.toJSON()], ms: performance.now() - started, hash, stat };
      }
    }
  }

  private readonly bundles = new Map<string, Promise<RenderModule>>();

  private templates(file: string): Promise<RenderModule> {
    let mod = this.bundles.get(file);
    if (!mod) this.bundles.set(file, (mod = importTemplates(file)));
    return mod;
  }

  private async configure(request: SetupRequest): Promise<void> {
    const mod = await this.templates(request.bundleFile);
    this.setup = { ...request, mod };
  }

  /** A document's body: parsed here or by another worker (read from its store), else from the previous output, else parsed now. */
  private async body(source: BodySource): Promise<string> {
    const held = this.bodies.get(source.id) ?? (source.at && BodyStore.readAt(source.at));
    if (held !== undefined) return held;
    if (source.previousApi && this.folder?.previous) {
      try {
        const doc = JSON.parse(readFileSync(join(this.folder.previous, source.previousApi), 'utf8')) as ContentDocument;
        if (typeof doc.body?.html === 'string') return doc.body.html;
      } catch {
        // gone or unreadable: parse the source instead
      }
    }
    return this.parseBody(source.source);
  }

  private async parseBody(file: SourceFile): Promise<string> {
    const { options, scope } = this.folder!;
    const decoded = decodeSource(readFileSync(file.file));
    const result = await withGrammars(() => parseDocument(file, decoded, this.md(options), options, true, undefined, scope));
    return result.doc?.body?.html ?? '';
  }

  private write(path: string, data: string): [string, number] {
    return [path, this.folder!.writer.writeSync(path, data)];
  }

  /** Render one after another, marking each for crash reports. */
  private async renderAll(seq: number, jobs: WorkerJob[]): Promise<(PageResult | CopiedPage)[]> {
    await this.configured;
    const results: (PageResult | CopiedPage)[] = [];
    for (let i = 0; i < jobs.length; i++) {
      this.seq = seq;
      this.working(i);
      results.push(await this.render(jobs[i]));
    }
    return results;
  }

  private async render(sent: WorkerJob): Promise<PageResult | CopiedPage> {
    const setup = this.setup!;
    const shared = setup.shared;
    const failed = (error: unknown): PageResult => ({
      path: sent.path,
      status: sent.status,
      links: [],
      ids: [],
      files: [],
      error: serialize(error).toJSON(),
    });
    if (sent.reuse && tryLink(this.folder!, sent.reuse)) return { path: sent.path, copied: true };
    // Sent to be linked only, and the link failed: the main thread sends what rendering needs.
    if (!sent.page) return { path: sent.path, status: sent.status, links: [], ids: [], files: [], retry: true };
    const job = sent as WorkerJob & RenderJob;
    try {
      if (job.body) job.page = { ...job.page, html: await this.body(job.body) };
    } catch (error) {
      return failed(error);
    }
    const page = await renderPage(setup.mod, shared, job, this.hooks, (name) => loadLanguages([name]));
    if (page.error) return { path: job.path, status: job.status, links: [], ids: [], files: [], error: page.error };
    try {
      // A 404 route gets no page file of its own, so every host answers it with 404.html and status 404; its payload serves the runtime.
      const texts: [string, string][] = [[routeToPayload(page.path), page.payload]];
      if (page.status !== 404) texts.push([routeToFile(page.path), page.html]);
      for (const island of page.islands) texts.push([island.file, island.json]);
      for (const file of job.alsoAs ?? []) texts.push([file, page.html]);
      const files = texts.map(([file, text]) => this.write(file, text));
      return {
        path: page.path,
        status: page.status,
        links: page.links,
        ids: page.ids,
        idsKey: idsKey(page.ids),
        summary: page.summary,
        files,
        uses: page.uses,
      };
    } catch (error) {
      return failed(error);
    }
  }

  private async api({ jobs, base, links, bundleFile }: ApiRequest): Promise<ApiResult> {
    const folder = this.folder!;
    const errors: SitegenError[] = [];
    const linked: [string, number][] = [];
    const unlinked: string[] = [];
    const fields = links ? links.split('\u0000') : [];
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const file = fields[i];
      const size = Number(fields[i + 1]);
      if (tryLink(folder, { files: [[file, size]] })) linked.push([file, size]);
      else unlinked.push(file); // gone from the previous output, or changed: the main thread sends its job
    }
    const files = await Promise.all(
      jobs.map(async (job): Promise<[string, number] | undefined> => {
        try {
          // Body and metadata were kept side by side: one read for both.
          const [heldBody, kept] = job.doc ? [undefined, undefined] : this.bodies.getPair(job.body.id, metaKey(job.body.id));
          const meta = job.doc ?? (kept === undefined ? undefined : (JSON.parse(kept) as ContentDocument));
          if (!meta) throw new Error(`document ${job.body.id} was not parsed in this worker`);
          if (job.updated) meta.updated = job.updated;
          const body = heldBody ?? (await this.body(job.body));
          // The components it uses, rendered as on its page.
          const html = meta.components ? expandComponents(await this.templates(bundleFile), body) : body;
          const doc = { ...meta, body: meta.body ? { ...meta.body, html } : meta.body };
          return this.write(job.file, JSON.stringify(apiDocument(doc, { base, images: job.images, links: job.links })));
        } catch (error) {
          errors.push(serialize(error));
          return undefined;
        }
      }),
    );
    const written = [...linked, ...files.filter((f): f is [string, number] => !!f)];
    return { files: written, errors: errors.map((e) => e.toJSON()), ...(unlinked.length ? { unlinked } : {}) };
  }
}

/**
 * Run `parse`, loading any grammar it turns out to need and running it again: at most once per language and worker, so
 * a site of bash and JavaScript never loads the others.
 */
async function withGrammars<T>(parse: () => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return parse();
    } catch (error) {
      const language = missingLanguage(error);
      if (!language || attempt >= 50) throw error;
      await loadLanguages([language]);
    }
  }
}

deferLanguageLoading();
const ready = initHighlighter();

/** The piscina entry: one call is one session, answering requests on its port until closed. */
export default async function run(task: SessionTask): Promise<SessionResult> {
  await ready;
  const hooks = new HookRunner(await instantiatePlugins(task.plugins));
  const session = new Session(hooks, new Int32Array(task.current), new Int32Array(task.interrupted));
  const port = task.port;
  return new Promise((resolve) => {
    port.on('message', async ({ seq, request }: Envelope) => {
      if (request.type === 'close') {
        session.close();
        port.close();
        resolve({ timings: hooks.timings });
        return;
      }
      let reply: WorkerReply;
      try {
        reply = { seq, value: await session.handle(seq, request) };
      } catch (error) {
        reply = { seq, error: serialize(error).toJSON() };
      }
      port.postMessage(reply);
    });
  });
}
