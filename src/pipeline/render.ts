/**
 * Step 4 of the pipeline, render and write the pages: each in whichever worker is free, which
 * reads the body from the store of the worker that parsed it (pipeline/bodies.ts). A page whose
 * key (everything it renders from) is the same as in the previous output is linked from there
 * (protocol.ts WorkerJob.reuse).
 */
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import type { SourceFile } from '../content/types.ts';
import type { BuiltPage } from '../plugins/types.ts';
import { SITE_COLLECTIONS, type SiteCollection } from '../render/types.ts';
import { TakenOverPage, type CheckedPage } from './checks.ts';
import { carryDetails } from './details.ts';
import { jobFor, type SitePlan } from './plan.ts';
import type { Route } from '../routes/table.ts';
import type { BodyAt, CopiedPage, PageResult, WorkerJob } from './protocol.ts';
import { asParsed, type OutputState, type PageRecord } from './state.ts';
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
  /**
   * What the jobs are made from besides the routes (renderKey, the config): unless a plugin may
   * have changed the documents after they were parsed (then undefined, and every key is hashed).
   */
  jobsKey?: string;
  bundleFile: string;
  sourceOf: Map<string, SourceFile>;
  previous?: OutputState;
  /** The previous output's files with their sizes, as a map (made once for the build). */
  prevFiles?: Map<string, number>;
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
}

export async function renderPages(input: RenderInput): Promise<RenderOutcome> {
  const { plan, pool, previous, renderKey } = input;
  const prevFiles = input.prevFiles ?? new Map(previous?.files ?? []);
  // The site-wide collections count only for the pages that read them last time
  // (PageRecord.uses), each by its own hash.
  const collectionHash = Object.fromEntries(SITE_COLLECTIONS.map((name) => [name, hashText(JSON.stringify(plan.model.shared[name]))])) as Record<
    SiteCollection,
    string
  >;
  const sameCollections = (uses: PageRecord['uses']) => !!uses && Object.entries(uses).every(([name, hash]) => collectionHash[name as SiteCollection] === hash);

  const records: Record<string, PageRecord> = {};
  // A document's job is its route's page (made from the document alone, with its layout) plus
  // what the collections give it (related posts, neighbours): with the same collections, engine,
  // templates and config as last time, the same document has the same job, and the same key.
  const jobsKey = input.jobsKey && hashText([input.jobsKey, ...SITE_COLLECTIONS.map((name) => collectionHash[name])].join('\u0000'));
  const sameJobs = !!jobsKey && previous?.jobsKey === jobsKey;
  // Pages to render, as far as the plan tells before their keys are hashed: with the same jobs
  // as last time, those of the documents parsed in this build and those of no document.
  const toRender = sameJobs ? plan.routes.reduce((n, route) => (!route.doc || input.owner.has(route.doc._id) ? n + 1 : n), 0) : plan.routes.length;
  // The rest are taken over, linked from the previous output: a small part of the work of rendering them.
  const grown = input.grow?.(toRender + (plan.routes.length - toRender) / 20);
  grown?.catch(() => undefined); // awaited below
  const setup = { type: 'setup' as const, bundleFile: input.bundleFile, shared: plan.model.shared };
  const ready = Promise.all(pool.sessions.map((s) => s.request(setup, 'loading the templates for')));
  ready.catch(() => undefined); // awaited below
  /** What the page renders from (its key covers this), without where to find its body. */
  const keyedJob = (route: Route): WorkerJob => {
    const job: WorkerJob = jobFor(plan, route);
    if (route.path === '/404') job.alsoAs = ['404.html'];
    return job;
  };
  /** The job with where to find its body. */
  const withBody = (job: WorkerJob, route: Route): WorkerJob => {
    const doc = route.doc;
    const file = doc && input.sourceOf.get(doc._id);
    if (doc?.body && file && !route.rejected) {
      const prevApi = previous?.api[doc._id];
      const at = input.bodyAt.get(doc._id);
      job.body = { id: doc._id, source: file, ...(asParsed(prevApi, doc) ? { previousApi: prevApi.file } : {}), ...(at ? { at } : {}) };
    }
    return job;
  };
  const fullJob = (route: Route) => withBody(keyedJob(route), route);
  const makeJob = (route: Route): WorkerJob => {
    const doc = route.doc;
    const before = previous?.pages[route.path];
    // (A route rejected by middleware renders the not-found page instead of its own.)
    const docKey =
      jobsKey && doc?.hash && !route.rejected && route.page.kind === 'document'
        ? hashText(`${doc.hash}\u0000${doc._id}\u0000${doc._source}${route.links ? `\u0000${JSON.stringify(route.links)}` : ''}`)
        : undefined;
    const known = sameJobs && docKey && before?.doc === docKey ? before.key : undefined;
    // A page whose key is known and that is copied goes without a job made for it (made if the
    // copy fails: retries below).
    const job: WorkerJob = known ? { path: route.path, status: route.status } : keyedJob(route);
    // A document's page data is made from the document alone, with the job's layout: its source's
    // hash, id and file stand for it (under RenderInput.jobsKey: engine, parser and config; the
    // collections count through PageRecord.uses, as for every page), and only the rest
    // of the job is serialised (half of it for a post, whose page holds its contents and front matter).
    const key =
      known ??
      (docKey
        ? hashText(`${input.jobsKey}\u0000${docKey}\u0000${JSON.stringify({ ...job, page: undefined })}`)
        : hashText(`${renderKey}\u0000${doc?.hash ?? ''}\u0000${JSON.stringify(job)}`));
    records[route.path] = { key, status: job.status, links: [], ids: [], files: [], ...(docKey ? { doc: docKey } : {}) };
    if (before && before.key === key && sameCollections(before.uses) && before.files.every((f) => prevFiles.has(f))) {
      job.reuse = { files: before.files.map((f) => [f, prevFiles.get(f)!]) };
    }
    if (job.reuse) return job;
    return known ? fullJob(route) : withBody(job, route);
  };
  // A body any worker can read goes to whichever is free: the workers finish together, though
  // one of them parsed more documents than the other (it was busy less while parsing).
  const ownerOf = (job: WorkerJob) => (job.reuse || !job.body || job.body.at ? undefined : input.owner.get(job.body.id));
  // Jobs are made a slice at a time as the workers ask for more (Workers.map `more`): making them
  // all first (a key hashed per page) kept both workers waiting 0.15-0.3 s at 10,000 pages.
  let made = 0;
  // Pages to link go 64 to a message: a message costs this thread more than a job.
  const more = (): WorkerJob[][] | undefined => {
    if (made >= plan.routes.length) return undefined;
    const jobs = plan.routes.slice(made, (made += JOBS_AT_A_TIME)).map(makeJob);
    const copies = jobs.filter((job) => job.reuse);
    return [
      ...ownedBatches(
        jobs.filter((job) => !job.reuse),
        ownerOf,
        16,
      ),
      ...batches(copies, 64),
    ];
  };
  await grown;
  // Not waited for: each worker takes its render requests after the setup sent before them (a
  // worker still writing the content API files would otherwise hold up every page taken over).

  // Each batch's results are taken in as it comes back, while the workers render the rest, and
  // put in route order at the end.
  const outcome: RenderOutcome = {
    checked: [],
    built: [],
    errors: [],
    records,
    ...(jobsKey ? { jobsKey } : {}),
    pages: plan.routes.length,
    reused: 0,
  };
  const failed: { path: string; error: SitegenError }[] = [];
  const routeIndex = new Map(plan.routes.map((r, i) => [r.path, i]));
  const routeOf = (path: string) => plan.routes[routeIndex.get(path) ?? -1];
  const retries: WorkerJob[] = [];
  const take = (results: (PageResult | CopiedPage)[]) => {
    for (const result of results) {
      if ('copied' in result) {
        takeCopy(result);
        continue;
      }
      if (result.retry) {
        // Its files in the previous output were gone or changed: rendered after the rest.
        retries.push(fullJob(routeOf(result.path)));
        continue;
      }
      const record = records[result.path];
      if (result.error) {
        failed.push({ path: result.path, error: SitegenError.fromJSON(result.error) });
        delete records[result.path];
        continue;
      }
      for (const [file, bytes] of result.files) input.written.set(file, bytes);
      const uses = Object.fromEntries((result.uses ?? []).map((name) => [name, collectionHash[name]]));
      Object.assign(record, {
        links: result.links,
        ids: result.ids,
        ...(result.idsKey ? { idsKey: result.idsKey } : {}),
        summary: result.summary,
        files: result.files.map(([f]) => f),
        uses,
      });
      checked(result.path, result.status, result, false);
    }
  };
  /** A page linked from the previous output: its record as it was. */
  const takeCopy = (result: CopiedPage) => {
    const before = previous!.pages[result.path];
    const record = records[result.path];
    for (const file of before.files) input.written.set(file, prevFiles.get(file)!);
    // Nothing of it changed (the key covers its status): the record as read, which the records
    // file then need not hold again (state.ts saveRecords).
    if (record.status === before.status && record.doc === before.doc) records[result.path] = before;
    else {
      carryDetails(record, before);
      Object.assign(record, {
        ...(before.idsKey ? { idsKey: before.idsKey } : {}),
        summary: before.summary,
        files: before.files,
        uses: before.uses,
      });
    }
    outcome.reused++;
    checked(result.path, record.status, before, true);
  };
  /** `page`: the render's result, or the record of a page taken over (whose links and ids are read only if a check needs them). */
  const checked = (path: string, status: number, page: Pick<PageResult, 'links' | 'ids' | 'idsKey' | 'summary'>, copied: boolean) => {
    const route = routeOf(path);
    // (Content from another folder: its links as written, taken from its document when checked.)
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
  };
  // A page to be copied goes without what rendering needs (protocol.ts WorkerJob).
  const sendable = (job: WorkerJob): WorkerJob => (job.reuse ? { path: job.path, status: job.status, reuse: job.reuse } : job);
  const sourcesOf = (batch: WorkerJob[]) => batch.map((j) => routeOf(j.path)?.source ?? j.path);
  const renderAll = (list: WorkerJob[][], next?: typeof more) =>
    pool.map(
      list,
      (session, batch) => {
        session.load += batch.length;
        return session.request({ type: 'render', jobs: batch.map(sendable) }, 'rendering', sourcesOf(batch)).then(take);
      },
      (batch) => ownerOf(batch[0]),
      2,
      next,
    );
  await renderAll(more() ?? [], more);
  await ready;
  if (retries.length) await renderAll(batches(retries.splice(0), 16));
  // In route order, whichever worker rendered what and whatever was rendered again: plugins (the
  // sitemap, the search index) list pages in this order, and it must not depend on timing.
  const byRoute = (a: { path: string }, b: { path: string }) => routeIndex.get(a.path)! - routeIndex.get(b.path)!;
  outcome.checked.sort(byRoute);
  outcome.built.sort(byRoute);
  outcome.errors = failed.sort(byRoute).map((f) => f.error);
  return outcome;
}

/** Render jobs made at a time (16 batches): a few milliseconds of this thread's work. */
const JOBS_AT_A_TIME = 256;
