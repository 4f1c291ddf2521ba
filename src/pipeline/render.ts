/**
 * Render and write the pages, each in whichever worker is free, reading its body from the worker that parsed it. A page
 * whose key (everything it renders from) is the same as in the previous output is linked from there instead.
 */
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import type { SourceFile } from '../content/types.ts';
import type { BuiltPage } from '../plugins/types.ts';
import { SITE_COLLECTIONS, type SiteCollection } from '../render/types.ts';
import { TakenOverPage, type CheckedPage } from './checks.ts';
import { carryDetails } from './details.ts';
import { jobFor, notFoundFor, type SitePlan } from './plan.ts';
import { scopedCollections, scopeOf } from '../render/collections.ts';
import type { Route } from '../routes/table.ts';
import type { BodyAt, CopiedPage, PageResult, WorkerJob } from './protocol.ts';
import { planReuse, type ReuseReason } from './reuse.ts';
import { asParsed, type OutputState, type PageRecord } from './state.ts';
import { HeapCap } from './heap.ts';
import { later } from './later.ts';
import { batches, ownedBatches, type Workers, type WorkerSession } from './workers.ts';

export interface RenderInput {
  plan: SitePlan;
  pool: Workers;
  /** The worker that holds each document's body (by document id). */
  owner: Map<string, WorkerSession>;
  /** Where each body is kept, when any worker can read it there (pipeline/bodies.ts). */
  bodyAt: Map<string, BodyAt>;
  /** What every page's key covers besides its own job and the site-wide collections (engine, parser, bundle, plugins, shared data). */
  renderKey: string;
  /** What the jobs are made from besides the routes; undefined when a plugin may have changed the parsed documents (every key is hashed). */
  jobsKey?: string;
  bundleFile: string;
  sourceOf: Map<string, SourceFile>;
  previous?: OutputState;
  /** The previous output's files with their sizes, as a map (made once for the build). */
  prevFiles?: Map<string, number>;
  /** The output folder already holds the previous output's files, checked (OutputCheck.spareSame): a page kept needs nothing done. */
  verified?: boolean;
  /** Content from another folder than the site's: links are checked as the documents wrote them. */
  foreignContent: boolean;
  /** Every file written, with its size: the pages' files join it. */
  written: Map<string, number>;
  /** Start workers for this many pages to render, if fewer are running (opened on the folder when it resolves). */
  grow?: (pages: number) => Promise<unknown>;
  /** Whether anything reads `RenderOutcome.built` (a `build:done` plugin). */
  summaries: boolean;
}

export interface RenderOutcome {
  /** Batch by batch, in the order the batches were made: the output never depends on timing. */
  checked: CheckedPage[];
  /** What `build:done` plugins see of each page (none when RenderInput.summaries is off). */
  built: BuiltPage[];
  errors: SitegenError[];
  records: Record<string, PageRecord>;
  /** OutputState.jobsKey of this build. */
  jobsKey?: string;
  pages: number;
  reused: number;
  /** How many pages were rendered or kept for each reason (planReuse). */
  why: Partial<Record<ReuseReason, number>>;
}

export async function renderPages(input: RenderInput): Promise<RenderOutcome> {
  const run = new PageRun(input);
  // With the folder verified, the pages kept are taken as their jobs are made, so the jobs are made at once: what is
  // left tells how many workers to start (one page edited: none). Else a page taken over is only linked: a twentieth
  // of the work of rendering it.
  const first = input.verified ? run.all() : run.more();
  const pages = input.verified ? first!.reduce((n, batch) => n + batch.length, 0) : run.toRender + (input.plan.routes.length - run.toRender) / 20;
  const grown = later(input.grow?.(pages) ?? Promise.resolve());
  const setup = { type: 'setup' as const, bundleFile: input.bundleFile, shared: input.plan.model.shared };
  // Not waited for before rendering: each worker takes its render requests after this setup.
  const ready = later(Promise.all(input.pool.sessions.map((s) => s.request(setup, 'loading the templates for'))));
  await grown;
  await run.renderAll(first ?? [], () => run.more());
  await ready;
  // Pages whose files in the previous output were gone or changed: rendered after the rest.
  if (run.retries.length) await run.renderAll(batches(run.retries.splice(0), 16));
  return run.finish();
}

/** One render of the site's pages: the jobs made a slice at a time as the workers ask, the results taken as they come. */
class PageRun {
  readonly records: Record<string, PageRecord> = {};
  readonly retries: WorkerJob[] = [];
  /** Pages to render, as far as the plan tells before their keys are hashed. */
  readonly toRender: number;
  private readonly prevFiles: Map<string, number>;
  /** The site-wide collections count only for the pages that read them last time (PageRecord.uses), each by its scope's hash. */
  private readonly collections = new Map<string, Record<SiteCollection, string>>();
  private readonly jobsKey?: string;
  private readonly sameJobs: boolean;
  private readonly outcome: RenderOutcome;
  private readonly failed: { path: string; error: SitegenError }[] = [];
  private readonly routeIndex: Map<string, number>;
  private made = 0;
  /** The records and checks grow through the render, and uncapped V8 lets the heap reach a multiple of them. */
  private readonly heap = new HeapCap(64 * 1024 * 1024);

  constructor(private readonly input: RenderInput) {
    const { plan, previous } = input;
    this.prevFiles = input.prevFiles ?? new Map(previous?.files ?? []);
    // With the same collections, engine, templates and config as last time, the same document has the same job and key.
    const { shared } = plan.model;
    const all = (name: SiteCollection) => [shared[name], ...Object.values(shared.locales ?? {}).map((l) => l[name])];
    this.jobsKey = input.jobsKey && hashText([input.jobsKey, ...SITE_COLLECTIONS.map((name) => hashText(JSON.stringify(all(name))))].join('\u0000'));
    this.sameJobs = !!this.jobsKey && previous?.jobsKey === this.jobsKey;
    // With the same jobs as last time: the pages of the documents parsed in this build and of no document.
    this.toRender = this.sameJobs ? plan.routes.reduce((n, route) => (!route.doc || input.owner.has(route.doc._id) ? n + 1 : n), 0) : plan.routes.length;
    this.routeIndex = new Map(plan.routes.map((r, i) => [r.path, i]));
    const jobsKey = this.jobsKey;
    this.heap.start();
    this.outcome = {
      checked: [],
      built: [],
      errors: [],
      records: this.records,
      ...(jobsKey ? { jobsKey } : {}),
      pages: plan.routes.length,
      reused: 0,
      why: {},
    };
  }

  private routeOf(path: string): Route {
    return this.input.plan.routes[this.routeIndex.get(path) ?? -1];
  }

  private tally(why: ReuseReason, change = 1): void {
    this.outcome.why[why] = (this.outcome.why[why] ?? 0) + change;
  }

  /**
   * The hashes of the collections the route's page reads: its locale's, and inside a version its version's navigation
   * (render/collections.ts). A rejected route renders its locale's not-found page.
   */
  private collectionsOf(route: Route): Record<SiteCollection, string> {
    const { page } = route.rejected ? notFoundFor(this.input.plan, route.path) : route;
    const scope = scopeOf(page);
    let hashes = this.collections.get(scope);
    if (!hashes) {
      const collections = scopedCollections(this.input.plan.model.shared, page);
      hashes = Object.fromEntries(SITE_COLLECTIONS.map((name) => [name, hashText(JSON.stringify(collections[name]))])) as Record<SiteCollection, string>;
      this.collections.set(scope, hashes);
    }
    return hashes;
  }

  /** What the page renders from (its key covers this), without where to find its body. */
  private keyedJob(route: Route): WorkerJob {
    const job: WorkerJob = jobFor(this.input.plan, route);
    // The site's 404.html, and each locale's in its folder (ja/404.html): hosts that look for the nearest one find it.
    if (route.path === '/404' || (route.status === 404 && route.path.endsWith('/404'))) job.alsoAs = [`${route.path.slice(1)}.html`];
    return job;
  }

  private withBody(job: WorkerJob, route: Route): WorkerJob {
    const doc = route.doc;
    const file = doc && this.input.sourceOf.get(doc._id);
    if (doc?.body && file && !route.rejected) {
      const prevApi = this.input.previous?.api[doc._id];
      const at = this.input.bodyAt.get(doc._id);
      job.body = { id: doc._id, source: file, ...(asParsed(prevApi, doc) ? { previousApi: prevApi.file } : {}), ...(at ? { at } : {}) };
    }
    return job;
  }

  private fullJob(route: Route): WorkerJob {
    return this.withBody(this.keyedJob(route), route);
  }

  private makeJob(route: Route): WorkerJob {
    const { input, jobsKey } = this;
    const doc = route.doc;
    const before = input.previous?.pages[route.path];
    // A route rejected by middleware renders the not-found page instead of its own. Besides the document, the key
    // covers what its page data takes from other pages: its translations and its other versions (a `translationKey`
    // removed elsewhere unpairs it without a change to any navigation).
    const { translations, versions } = route.page;
    const docKey =
      jobsKey && doc?.hash && !route.rejected && route.page.kind === 'document'
        ? hashText(
            `${doc.hash}\u0000${doc._id}\u0000${doc._source}\u0000${doc.updated ?? ''}${route.links ? `\u0000${JSON.stringify(route.links)}` : ''}${route.page.scheduled ? '\u0000scheduled' : ''}${translations ? `\u0000${JSON.stringify(translations)}` : ''}${versions ? `\u0000${JSON.stringify(versions)}` : ''}`,
          )
        : undefined;
    const known = this.sameJobs && docKey && before?.doc === docKey ? before.key : undefined;
    // A page whose key is known and that is linked goes without a job made for it (made if the link fails).
    const job: WorkerJob = known ? { path: route.path, status: route.status } : this.keyedJob(route);
    // A document's page data is made from the document alone (and whether it is scheduled, from the build's "now"): its
    // hash, id, file and `updated` (git's date, not in the source) stand for it; only the rest is serialised.
    const key =
      known ??
      (docKey
        ? hashText(`${input.jobsKey}\u0000${docKey}\u0000${JSON.stringify({ ...job, page: undefined })}`)
        : hashText(`${input.renderKey}\u0000${doc?.hash ?? ''}\u0000${JSON.stringify(job)}`));
    const { keep, why } = planReuse(before, { key, collections: this.collectionsOf(route) }, this.prevFiles);
    this.tally(why);
    // Kept in a verified folder, as it was (the key covers its status): the record as read, which takeLinked, called
    // at once, keeps. Elsewhere a link may fail and the page render after all, filling a record of its own.
    if (keep && input.verified && job.status === before!.status && docKey === before!.doc) {
      this.records[route.path] = before!;
      job.reuse = IN_PLACE;
      return job;
    }
    const record: PageRecord = { key, status: job.status, links: [], ids: [], files: [] };
    if (docKey) record.doc = docKey;
    this.records[route.path] = record;
    if (keep) {
      job.reuse = input.verified ? IN_PLACE : { files: before!.files.map((f) => [f, this.prevFiles.get(f)!]) };
      return job;
    }
    return known ? this.fullJob(route) : this.withBody(job, route);
  }

  /** A body any worker can read goes to whichever is free; another to the worker that holds it. */
  private ownerOf(job: WorkerJob) {
    return job.reuse || !job.body || job.body.at ? undefined : this.input.owner.get(job.body.id);
  }

  /** Every job's batches at once. */
  all(): WorkerJob[][] {
    const list: WorkerJob[][] = [];
    for (let more = this.more(); more; more = this.more()) list.push(...more);
    return list;
  }

  /** The next slice of jobs, in batches (pages to link 64 to a message), or undefined when all are made. */
  more(): WorkerJob[][] | undefined {
    const routes = this.input.plan.routes;
    if (this.made >= routes.length) return undefined;
    const jobs = routes.slice(this.made, (this.made += JOBS_AT_A_TIME)).map((route) => this.makeJob(route));
    const owner = (job: WorkerJob) => this.ownerOf(job);
    if (this.input.verified) {
      // Its files are in the folder already, as they were: kept without a worker.
      for (const job of jobs) if (job.reuse) this.takeLinked({ path: job.path, copied: true });
      return ownedBatches(
        jobs.filter((job) => !job.reuse),
        owner,
        16,
      );
    }
    return [
      ...ownedBatches(
        jobs.filter((job) => !job.reuse),
        owner,
        16,
      ),
      ...batches(
        jobs.filter((job) => job.reuse),
        64,
      ),
    ];
  }

  renderAll(list: WorkerJob[][], next?: () => WorkerJob[][] | undefined): Promise<unknown> {
    // A page to be linked goes without what rendering needs.
    const sendable = (job: WorkerJob): WorkerJob => (job.reuse ? { path: job.path, status: job.status, reuse: job.reuse } : job);
    const sources = (batch: WorkerJob[]) => batch.map((j) => this.routeOf(j.path)?.source ?? j.path);
    return this.input.pool.map(
      list,
      (session, batch) => {
        session.load += batch.length;
        return session.request({ type: 'render', jobs: batch.map(sendable) }, 'rendering', sources(batch)).then((results) => this.take(results));
      },
      (batch) => this.ownerOf(batch[0]),
      2,
      next,
    );
  }

  private take(results: (PageResult | CopiedPage)[]): void {
    this.heap.check();
    for (const result of results) {
      if ('copied' in result) this.takeLinked(result);
      else if (result.retry) {
        this.retries.push(this.fullJob(this.routeOf(result.path)));
        this.tally('unchanged', -1);
        this.tally('changed in the output');
      } else if (result.error) {
        this.failed.push({ path: result.path, error: SitegenError.fromJSON(result.error) });
        delete this.records[result.path];
      } else {
        for (const [file, bytes] of result.files) this.input.written.set(file, bytes);
        const hashes = this.collectionsOf(this.routeOf(result.path));
        const uses = Object.fromEntries((result.uses ?? []).map((name) => [name, hashes[name]]));
        const { links, ids, summary } = result;
        Object.assign(this.records[result.path], {
          links,
          ids,
          ...(result.idsKey ? { idsKey: result.idsKey } : {}),
          summary,
          files: result.files.map(([f]) => f),
          uses,
        });
        this.checked(result.path, result.status, result, false);
      }
    }
  }

  /** A page linked from the previous output: its record as it was. */
  private takeLinked(result: CopiedPage): void {
    const before = this.input.previous!.pages[result.path];
    const record = this.records[result.path];
    for (const file of before.files) this.input.written.set(file, this.prevFiles.get(file)!);
    // Nothing of it changed (the key covers its status): the record as read, which the records file need not hold again.
    if (record.status === before.status && record.doc === before.doc) this.records[result.path] = before;
    else {
      carryDetails(record, before);
      Object.assign(record, { ...(before.idsKey ? { idsKey: before.idsKey } : {}), summary: before.summary, files: before.files, uses: before.uses });
    }
    this.outcome.reused++;
    this.checked(result.path, record.status, before, true);
  }

  /** `page`: the render's result, or the record of a page taken over (whose links and ids are read only if a check needs them). */
  private checked(path: string, status: number, page: Pick<PageResult, 'links' | 'ids' | 'idsKey' | 'summary'>, copied: boolean): void {
    const { input, outcome } = this;
    const route = this.routeOf(path);
    // Content from another folder: its links as written, taken from its document when checked.
    outcome.checked.push(
      copied
        ? new TakenOverPage(path, route.source, page, input.foreignContent, route.doc, route.links)
        : {
            path,
            source: route.source,
            ...(input.foreignContent ? {} : { links: page.links }),
            ids: page.ids,
            ...(page.idsKey ? { idsKey: page.idsKey } : {}),
            ...(route.doc ? { doc: route.doc } : {}),
            ...(route.links ? { resolved: route.links } : {}),
          },
    );
    if (input.summaries && status === 200 && page.summary) outcome.built.push({ path, ...page.summary });
  }

  /** In route order, whichever worker rendered what: plugins list pages in this order, and it must not depend on timing. */
  finish(): RenderOutcome {
    const byRoute = (a: { path: string }, b: { path: string }) => this.routeIndex.get(a.path)! - this.routeIndex.get(b.path)!;
    this.outcome.checked.sort(byRoute);
    this.outcome.built.sort(byRoute);
    this.outcome.errors = this.failed.sort(byRoute).map((f) => f.error);
    return this.outcome;
  }
}

/** Render jobs made at a time (16 batches): small enough that the workers never wait for the next slice. */
const JOBS_AT_A_TIME = 256;
/** What a page kept in a verified folder links: nothing, its files are there already. */
const IN_PLACE: NonNullable<WorkerJob['reuse']> = { files: [] };
