import type { PostSummary } from '../../templates/types.ts';
import type { ContentDocument, SourceFile } from '../content/types.ts';
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import { documentQueryKey, queryHash } from '../output/manifest.ts';
import { IMAGE_KEYS, documentImages, rewriteImageFields, rewriteImages, type ImageManifest } from '../output/images.ts';
import type { OutputWriter } from '../output/writer.ts';
import { basePrefix, withBase } from '../render/base.ts';
import { SourceIndex, resolveSourceLinks, rewriteSourceLinks } from '../content/source-links.ts';
import { isAbsolute } from 'node:path';
import type { ApiJob, ApiRequest, ApiResult } from './protocol.ts';
import { asParsed, type OutputState } from './state.ts';
import { batches, ownedBatches, type Workers, type WorkerSession } from './workers.ts';

/** What a document's content API file needs besides the document. */
export interface ApiContext {
  /** The site's base path (`/docs/`). */
  base: string;
  /** Where the document's images went (`documentImages`). */
  images?: ImageManifest;
  /** Its relative links as written → the routes they name (content/source-links.ts). */
  links?: Record<string, string>;
}

/** HTML as the document's page shows it: relative links at their routes, images at their hashed files, root-relative URLs under the base. */
function served(html: string, doc: ContentDocument, context: ApiContext): string {
  return withBase(rewriteImages(rewriteSourceLinks(html, context.links), doc._source, context.images), context.base);
}

/**
 * The source file as the content API names it: project-relative, or relative to the content folder when it is outside
 * the project (the build machine's folders are nobody's business).
 */
export function apiSource(doc: Pick<ContentDocument, '_source' | '_stem'>): string {
  if (!isAbsolute(doc._source) && !/^[a-z]:[\\/]/i.test(doc._source)) return doc._source;
  const segments = doc._source.split(/[\\/]/);
  return segments.slice(-doc._stem.split('/').length).join('/');
}

/** Front matter `image:`/`cover:` at their hashed files, under the base. */
function servedFields(doc: ContentDocument, context: ApiContext): Record<string, unknown> {
  const fields = rewriteImageFields(doc.frontmatter, doc._source, context.images);
  if (fields === doc.frontmatter) return fields;
  const prefix = basePrefix(context.base);
  for (const name of IMAGE_KEYS) if (fields[name] !== doc.frontmatter[name]) fields[name] = `${prefix}${fields[name] as string}`;
  return fields;
}

/**
 * The content API's view of a document: everything but build internals, with its body, excerpt
 * and front matter images as its page shows them, so a client can place the HTML as it is.
 */
export function apiDocument(doc: ContentDocument, context: ApiContext): Record<string, unknown> {
  const { links: _links, ids: _ids, hash: _hash, sourceLinks: _sourceLinks, layoutLine: _layoutLine, math: _math, components: _components, ...rest } = doc;
  // Keys keep their places: wherever nothing is rewritten, the JSON is the document's own.
  const view: Record<string, unknown> = { ...rest, _source: apiSource(doc), frontmatter: servedFields(doc, context) };
  if (doc.excerpt) view.excerpt = served(doc.excerpt, doc, context);
  if (doc.body?.html) view.body = { ...doc.body, html: served(doc.body.html, doc, context) };
  return view;
}

/**
 * The blog listing as its content API file holds it (and `build:done` plugins see it): excerpts with links under the
 * base, as the listing pages show them; images are at their hashed files already.
 */
export function apiPosts(posts: PostSummary[], base: string): PostSummary[] {
  if (!basePrefix(base)) return posts;
  return posts.map((post) => (post.excerpt ? { ...post, excerpt: withBase(post.excerpt, base) } : post));
}

export interface ApiInput {
  /** The documents that get a file (drafts only with --drafts). */
  docs: ContentDocument[];
  base: string;
  /** The site's trailing-slash rule, for relative links resolved to routes. */
  trailingSlash?: boolean;
  images: ImageManifest;
  /** A plugin may have changed the documents (`content:loaded`): the workers get them as they are now. */
  sendDocs: boolean;
  parseKey: string;
  /** Each parsed document's key as the worker or the document cache hashed it. */
  apiKeys: Map<string, string>;
  /** Document id → its `updated` from git (content/git-dates.ts), which the workers' parsed copies lack. */
  gitUpdated?: Map<string, string>;
  sourceOf: Map<string, SourceFile>;
  /** The worker that holds each document's body. */
  owner: Map<string, WorkerSession>;
  pool: Workers;
  out: OutputWriter;
  previous?: OutputState;
  prevFiles: Map<string, number>;
  /** The output folder already holds the previous output's files, checked (OutputCheck.spareSame): an unchanged file needs nothing done. */
  verified?: boolean;
  /** The template bundle: the components a body uses render from it. */
  bundle: { file: string; hash: string };
}

export interface ApiOutcome {
  state: OutputState['api'];
  written: [string, number][];
  errors: SitegenError[];
}

/** A document's content API file as the build names it (a record naming anything else is not trusted). */
const QUERY_FILE = /^api\/_content\/query\/[0-9a-f]{12}\.json$/;

/** Unchanged documents' files sent as one string at a time (ApiRequest.links). */
const LINKS_AT_A_TIME = 1024;

/**
 * The content API: one file per document, written by the worker that holds its body, or linked from the previous output
 * when the document and what rewrites it are unchanged.
 */
export async function writeContentApi(input: ApiInput): Promise<ApiOutcome> {
  const { base, previous, owner } = input;
  const outcome: ApiOutcome = { state: {}, written: [], errors: [] };
  const jobs: ApiJob[] = [];
  /** Unchanged files to link from the previous output, by file. */
  const linked = new Map<string, { job: ApiJob; size: number }>();
  const prefixed = !!basePrefix(base);
  // Relative links name the routes their pages link to (the plan resolves the same from the same documents).
  const sourceLinks = resolveSourceLinks(input.docs, new SourceIndex(input.docs), { trailingSlash: input.trailingSlash ?? false, drafts: true }).links;
  for (const doc of input.docs) {
    // Bodies show their images' hashed files and links under the base, as pages do.
    const docImages = documentImages(doc, input.images);
    const links = sourceLinks.get(doc._id);
    const rewritten = prefixed || !!docImages || !!links;
    // As parsed unless a plugin may have changed it; with the base, images and link routes when they rewrite it.
    const gitUpdated = input.sendDocs ? undefined : input.gitUpdated?.get(doc._id);
    const apiKey = !input.sendDocs && input.apiKeys.get(doc._id);
    const parsedKey = (apiKey && (gitUpdated ? hashText(`${apiKey}\u0000${gitUpdated}`) : apiKey)) || hashText(`${input.parseKey}\u0000${JSON.stringify(doc)}`);
    // A body with components shows what the template bundle renders of them.
    const key =
      rewritten || doc.components
        ? hashText(JSON.stringify([parsedKey, base, docImages ?? null, ...(links ? [links] : []), ...(doc.components ? [input.bundle.hash] : [])]))
        : parsedKey;
    const before = previous?.api[doc._id];
    // The key covers the document's path, which alone names the file: the same key, the same file.
    const file = before?.key === key && QUERY_FILE.test(before.file) ? before.file : `api/_content/query/${queryHash(documentQueryKey(doc._path))}.json`;
    // The same document (its key covers the path) has the same file, byte for byte.
    const same = !!before && before.key === key && before.file === file && input.prevFiles.has(file);
    // Unchanged, its record is the one read (the records' delta then leaves it out).
    outcome.state[doc._id] =
      same && before.hash === doc.hash && !!before.rewritten === rewritten
        ? before
        : rewritten
          ? { file, hash: doc.hash, key, rewritten }
          : { file, hash: doc.hash, key };
    if (same && input.verified && input.sourceOf.has(doc._id)) {
      outcome.written.push([file, input.prevFiles.get(file)!]);
      continue;
    }
    const source = input.sourceOf.get(doc._id);
    if (!source) {
      // A document a plugin added in `content:loaded`: its body is in the main thread already.
      const json = JSON.stringify(apiDocument(doc, { base, images: docImages, links }));
      outcome.written.push([file, Buffer.byteLength(json)]);
      await input.out.write(file, json);
      continue;
    }
    const job: ApiJob = { file, body: { id: doc._id, source, ...(asParsed(before, doc) ? { previousApi: before.file } : {}) } };
    if (input.sendDocs || !owner.has(doc._id)) job.doc = doc;
    else if (gitUpdated) job.updated = gitUpdated;
    if (docImages) job.images = docImages;
    if (links) job.links = links;
    if (same && input.verified) outcome.written.push([file, input.prevFiles.get(file)!]);
    else if (same) linked.set(file, { job, size: input.prevFiles.get(file)! });
    else jobs.push(job);
  }
  const ownerOf = (job: ApiJob) => owner.get(job.body.id);
  const bundleFile = input.bundle.file;
  const requests: ApiRequest[] = ownedBatches(jobs, ownerOf, 64).map((batch) => ({ type: 'api', jobs: batch, base, bundleFile }));
  // Links belong to no worker: dealt out in turn (all sent at once, they would all go to the first).
  const dealt = new Map<ApiRequest, WorkerSession>();
  for (const batch of batches([...linked.values()], LINKS_AT_A_TIME)) {
    const request: ApiRequest = {
      type: 'api',
      jobs: [],
      base,
      bundleFile,
      links: batch.flatMap(({ job, size }) => [job.file, String(size)]).join('\u0000'),
    };
    dealt.set(request, input.pool.sessions[dealt.size % input.pool.sessions.length]);
    requests.push(request);
  }
  const send = (list: ApiRequest[]) =>
    input.pool.map(
      list,
      (session, request) =>
        session.request(
          request,
          'writing the content API for',
          request.jobs.map((j) => j.doc?._source ?? j.body.source.display),
        ),
      (request) => (request.jobs.length ? ownerOf(request.jobs[0]) : dealt.get(request)),
      Infinity,
    );
  // All sent at once: the workers write while the main thread goes on to plan the site.
  const take = (results: ApiResult[]) => {
    for (const result of results) {
      outcome.errors.push(...result.errors.map(SitegenError.fromJSON));
      outcome.written.push(...result.files);
    }
    return results.flatMap((result) => (result.unlinked ?? []).map((file) => linked.get(file)!.job));
  };
  // A file gone from the previous output (or changed there) is written anew from its body.
  const again = take(await send(requests));
  if (again.length) take(await send(ownedBatches(again, ownerOf, 64).map((batch) => ({ type: 'api', jobs: batch, base, bundleFile }))));
  return outcome;
}
