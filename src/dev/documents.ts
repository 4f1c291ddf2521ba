/**
 * The documents `sitegen dev` serves: metadata loaded at start-up (cache or worker pool), bodies parsed in this
 * thread on first use; an edited document is parsed again alone.
 */
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type MarkdownIt from 'markdown-it';
import { discoverContent, displayPath } from '../content/discover.ts';
import { decodeSource, type DecodedText } from '../content/decode.ts';
import { type GitDates, gitDatesProblem, readGitDates, wantsGitDate, withGitDate } from '../content/git-dates.ts';
import { parseDocument } from '../content/parse.ts';
import { contentId } from '../content/paths.ts';
import type { ProjectScope } from '../content/scope.ts';
import type { ContentDocument, ParseOptions, SourceFile } from '../content/types.ts';
import { env } from '../env.ts';
import { SitegenError, applyCheckLevels } from '../errors.ts';
import { createMarkdown } from '../markdown/index.ts';
import { parseOptionsOf } from '../pipeline/markdown-components.ts';
import { LANGUAGES, initHighlighter } from '../markdown/highlight.ts';
import type { Project } from '../pipeline/project.ts';
import { checkSources, statKey } from '../pipeline/stat.ts';
import { defaultConcurrency } from '../pipeline/workers.ts';
import { openDocCache, parseBodies, parseInWorkers, saveLater } from './parse.ts';

export interface LoadInput {
  project: Project;
  scope: ProjectScope;
  /** Called once the documents are being parsed (or need not be): the thread is free from then on. */
  parsing?: () => void;
  /** Called once the cache is read, before the workers start (to start what may run alongside them). */
  meanwhile?: () => void;
}

/**
 * From this many bodies asked for at once, a worker pool parses them. Its threads start cold (modules, grammars, JIT):
 * at 2,000 bodies it was no faster than this thread, at 10,000 it was (docs/bench/analysis.md, eleventh pass).
 */
const BODIES_IN_WORKERS_FROM = 4000;

export class DevDocuments {
  /** Documents by source file, without their body HTML. */
  readonly byFile = new Map<string, ContentDocument>();
  /** Body HTML by document id, with the source hash it was parsed from. */
  private readonly bodies = new Map<string, { hash: string; html: string }>();
  private sources = new Map<string, SourceFile>();
  /** The same sources by document id. */
  private sourceById = new Map<string, SourceFile>();
  /** The files each document includes (absolute paths), by document file. */
  private readonly includes = new Map<string, string[]>();
  /** Each source's stat key when `load` read it (see changedSinceLoad). */
  private loadedStats = new Map<string, string | undefined>();
  private md!: MarkdownIt;
  private options!: ParseOptions;
  private root = '';
  private contentDir = '';
  private scope!: ProjectScope;
  private plugins: Project['pluginModules'] = [];
  /** Bodies asked for in this turn of the event loop and not parsed yet (see body). */
  private asked?: { doc: ContentDocument; source: SourceFile; resolve(html: string): void; reject(error: unknown): void }[];
  /** Every grammar loaded in this thread (see load). */
  private grammars: Promise<void> = Promise.resolve();
  /** The document cache being written after start-up. */
  saving?: Promise<void>;
  /** The parsing workers closing after start-up. */
  closing?: Promise<void>;
  /** `lastUpdated: 'git'`: the content's commit dates as `load` read them (a commit made meanwhile shows after a restart). */
  private git?: GitDates;

  /** `problems`: the session's problems by source file (a document's own are set here). */
  constructor(private readonly problems: Map<string, SitegenError[]>) {}

  /** Every document of the project, and its problems. Returns the links out of the project that were refused (SG2010). */
  async load(input: LoadInput): Promise<SitegenError[]> {
    const { project, scope } = input;
    const c = project.config;
    this.root = project.root;
    this.contentDir = project.contentDir;
    this.scope = scope;
    this.plugins = project.pluginModules;
    this.options = parseOptionsOf(project);
    this.md = createMarkdown({ ...c.markdown, components: this.options.components }, (md) => project.hooks.runSync('markdown', md));
    this.byFile.clear();
    this.bodies.clear();
    const gitRead = c.lastUpdated === 'git' ? readGitDates(project.contentDir, project.cacheDir) : undefined;
    gitRead?.catch(() => undefined); // awaited below
    const { sources, problems: refused } = await discoverContent(this.contentDir, this.root, scope);
    this.sources = new Map(sources.map((s) => [s.file, s]));
    this.sourceById = new Map(sources.map((s) => [contentId(s.rel), s]));
    // The same document cache as `sitegen build`: a site built once starts in dev without parsing.
    const cache = await openDocCache(project.cacheDir, this.options, project.pluginModules);
    const { toParse, restated } = checkSources(sources, cache.entries, this.root);
    input.meanwhile?.();
    if (toParse.length) {
      const closing = (closed: Promise<void>) => {
        this.closing = Promise.all([this.closing, closed]).then(() => undefined);
      };
      await parseInWorkers({ sources, toParse, cache, options: this.options, scope, plugins: project.pluginModules, parsing: input.parsing, closing });
    } else input.parsing?.();
    // This thread renders synchronously, so it loads every grammar up front: after the workers (not to take
    // their core), without holding up start-up. Parsing and rendering here wait for `grammars`.
    this.grammars = initHighlighter(LANGUAGES);
    this.grammars.catch(() => undefined); // awaited where needed
    if (toParse.length || restated.length) this.saving = saveLater(project.cacheDir, cache);
    this.loadedStats = new Map(sources.map((s) => [s.file, cache.entries[s.rel]?.stat]));
    this.includes.clear();
    for (const s of sources) {
      const entry = cache.entries[s.rel];
      if (entry.deps)
        this.includes.set(
          s.file,
          Object.keys(entry.deps).map((file) => join(this.root, file)),
        );
      if (entry.doc) this.byFile.set(s.file, entry.doc);
      if (entry.errors.length) this.problems.set(s.file, entry.errors.map(SitegenError.fromJSON));
    }
    this.git = await gitRead;
    const dating = [...this.byFile].flatMap(([file, doc]) => (wantsGitDate(doc) ? [this.relOf(file)] : []));
    const gitProblem = this.git && gitDatesProblem(this.git, dating, displayPath(this.contentDir, this.root));
    if (gitProblem) this.problems.set('(git)', [gitProblem]);
    return refused;
  }

  /** The documents as parsed, with their dates from git (`lastUpdated: 'git'`). */
  documents(): ContentDocument[] {
    return this.git ? [...this.byFile].map(([file, doc]) => this.dated(file, doc)) : [...this.byFile.values()];
  }

  /** A document with its date from git, when the site takes its dates from there. */
  dated(file: string, doc: ContentDocument): ContentDocument {
    return this.git ? withGitDate(doc, this.git, this.relOf(file)) : doc;
  }

  private relOf(file: string): string {
    return relative(this.contentDir, file).split(sep).join('/');
  }

  /**
   * Content files added, changed or removed since `load`: the content folder is watched only after loading
   * (its first scan would slow the parse), so an edit made meanwhile is caught here.
   */
  async changedSinceLoad(): Promise<{ file: string; removed: boolean }[]> {
    const { sources: now } = await discoverContent(this.contentDir, this.root, this.scope);
    const present = new Set(now.map((s) => s.file));
    const changed = now
      .filter((s) => {
        const before = this.loadedStats.get(s.file);
        return before === undefined || statKey(s.file) !== before;
      })
      .map((s) => ({ file: s.file, removed: false }));
    for (const file of this.loadedStats.keys()) if (!present.has(file)) changed.push({ file, removed: true });
    return changed;
  }

  /** The documents that include `file`. */
  includedBy(file: string): string[] {
    return [...this.includes].filter(([, files]) => files.includes(file)).map(([doc]) => doc);
  }

  /** Every file a document includes. */
  included(): Set<string> {
    return new Set([...this.includes.values()].flat());
  }

  /** A document's file is gone (or refused): it and its problems are forgotten. */
  remove(file: string): void {
    this.byFile.delete(file);
    this.includes.delete(file);
    const gone = this.sources.get(file);
    if (gone) this.sourceById.delete(contentId(gone.rel));
    this.sources.delete(file);
    this.problems.delete(file);
  }

  /**
   * Parse an added or changed document: the new document (now in use); undefined when there is nothing to
   * re-render; null when it has errors at the site's check levels (the last good version stays in use).
   */
  async reparse(file: string, checks: Record<string, string>): Promise<ContentDocument | null | undefined> {
    const source = this.sources.get(file) ?? { file, rel: relative(this.contentDir, file).split('\\').join('/'), display: displayPath(file, this.root) };
    this.sources.set(file, source);
    this.sourceById.set(contentId(source.rel), source);
    let decoded: DecodedText;
    try {
      decoded = decodeSource(await readFile(file));
    } catch {
      return undefined;
    }
    if (this.byFile.get(file)?.hash === decoded.hash) {
      // Back to the last good version (after a broken save, say): nothing to re-render.
      this.problems.delete(file);
      return undefined;
    }
    await this.grammars;
    const result = parseDocument(source, decoded, this.md, this.options, true, undefined, this.scope);
    if (result.deps)
      this.includes.set(
        file,
        Object.keys(result.deps).map((dep) => join(this.root, dep)),
      );
    else this.includes.delete(file);
    const problems = result.errors.map(SitegenError.fromJSON);
    if (problems.length) this.problems.set(file, problems);
    else this.problems.delete(file);
    // Problems its checks only warn about (checks.encoding, say) leave the document in use.
    if (!result.doc || applyCheckLevels(problems, checks).errors.length) return null;
    const doc = result.doc;
    if (doc.body) {
      this.bodies.set(doc._id, { hash: doc.hash, html: doc.body.html });
      doc.body = { toc: doc.body.toc, html: '' };
    }
    this.byFile.set(file, doc);
    return doc;
  }

  /**
   * A document's body HTML: parsed on first use and kept while its source is unchanged. The bodies asked for at once
   * (a search index's, say) are parsed together: many of them in a worker pool, a few on this thread.
   */
  body(doc: ContentDocument): Promise<string> {
    const hit = this.bodies.get(doc._id);
    if (hit && hit.hash === doc.hash) return Promise.resolve(hit.html);
    const source = this.sourceById.get(doc._id);
    if (!source) return Promise.resolve(doc.body?.html ?? '');
    return new Promise((resolve, reject) => {
      if (!this.asked) {
        this.asked = [];
        setImmediate(() => this.parseAsked());
      }
      this.asked.push({ doc, source, resolve, reject });
    });
  }

  private async parseAsked(): Promise<void> {
    const asked = this.asked ?? [];
    this.asked = undefined;
    const sources = asked.map((a) => a.source);
    // A pool that fails leaves its bodies to this thread; with one core, this thread is as good.
    const pooled =
      asked.length >= (env.testDevPoolFrom() ?? BODIES_IN_WORKERS_FROM) && defaultConcurrency() > 1
        ? await parseBodies({ sources, options: this.options, scope: this.scope, plugins: this.plugins }).catch(() => [])
        : [];
    await Promise.all(
      asked.map(async ({ doc, source, resolve, reject }, i) => {
        try {
          let body = pooled[i];
          if (!body) {
            const bytes = await readFile(source.file);
            await this.grammars;
            const result = parseDocument(source, decodeSource(bytes), this.md, this.options, true, undefined, this.scope);
            body = { hash: result.doc?.hash ?? doc.hash, html: result.doc?.body?.html ?? '' };
          }
          this.bodies.set(doc._id, body);
          resolve(body.html);
        } catch (error) {
          reject(error);
        }
      }),
    );
  }

  /** Waits for every grammar this thread loads (before a page renders). */
  ready(): Promise<void> {
    return this.grammars;
  }
}
