/** What the stages of `sitegen build` share: the options, the project, the sources and what each stage adds for the next. */
import type { Author } from '../../templates/types.ts';
import type { PublicFile } from '../content/discover.ts';
import type { GitDates } from '../content/git-dates.ts';
import type { ProjectScope } from '../content/scope.ts';
import type { ContentDocument, ParseOptions, SourceFile } from '../content/types.ts';
import type { SitegenError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { OutputFolder } from '../output/folder.ts';
import type { ImageFile, ImageManifest } from '../output/images.ts';
import type { VariantJob } from '../output/image-variants.ts';
import type { ProcessResult } from '../output/image-process.ts';
import type { OutputCheck } from '../pipeline/output-check.ts';
import type { SitePlan } from '../pipeline/plan.ts';
import type { Project } from '../pipeline/project.ts';
import type { BodyAt } from '../pipeline/protocol.ts';
import type { RenderOutcome } from '../pipeline/render.ts';
import type { DocCache, DocEntry, SourcesDigest } from '../pipeline/doc-cache.ts';
import type { OutputIndex, OutputState } from '../pipeline/state.ts';
import type { CompiledTemplates } from '../pipeline/templates.ts';
import type { Workers, WorkerSession } from '../pipeline/workers.ts';
import type { RenderModule } from '../render/render-page.ts';
import type { Schedule } from '../site/schedule.ts';
import type { BuildOptions } from './build.ts';

export interface BuildContext {
  options: BuildOptions;
  log: Logger;
  /** Report a finished step (build.ts phases). */
  done: (message: string, per?: [number, string]) => void;
  started: number;
  drafts: boolean;
  /** The build's "now" and whether it builds future posts (site/schedule.ts). */
  schedule: Schedule;
  /** --force or --verify: render everything. */
  force: boolean;
  project: Project;
  /** The last build into this output folder, as recorded. */
  state?: OutputIndex;
  /** No previous output to take bodies from: every document is parsed, every page rendered. */
  fresh: boolean;
  outputCheck?: OutputCheck;
  workers?: Workers;
  /** Workers the site's size pays for. */
  size: number;
  /** The workers closing, once the build needs them no more. */
  closing?: Promise<void>;
  docCacheSaved?: Promise<void>;

  // scan
  scope: ProjectScope;
  sources: SourceFile[];
  linkProblems: SitegenError[];
  parseOptions: ParseOptions;
  /** Hash of sitegen's own parser and renderer. */
  engine: string;
  parseKey: string;
  /** The source index; undefined while the digest stands for it (load.ts loadIndex). */
  docCache?: DocCache;
  /** Each source's stat key (not for a fresh build). */
  stats?: (string | undefined)[];
  /** The index's digest, when every source is as it records. */
  digest?: SourcesDigest;
  sourceHashes: (string | undefined)[];
  toParse: number[];
  restated: string[];
  entries: DocEntry[];
  /** What the source index says of each cached document, before its metadata is read. */
  indexed: { hasDoc?: boolean; images?: DocEntry['images']; posted?: string }[];
  /** The worker that holds each parsed document's body, and where any worker can read it. */
  owner: Map<string, WorkerSession>;
  bodyAt: Map<string, BodyAt>;
  parseMs: { source: string; ms: number }[];
  parsedRels: string[];
  parsing: Promise<void>;
  metadataLoaded?: Promise<Set<string>>;
  previousLoaded?: Promise<OutputState | undefined>;
  templates: CompiledTemplates;
  publicFiles: PublicFile[];
  authors: Record<string, Author>;
  /** The data files' digest (site/data.ts dataDigest): part of the build id. */
  dataHash: string;
  modPromise?: Promise<RenderModule>;
  /** `lastUpdated: 'git'`: the content's commit dates, read while the sources parse. */
  gitRead?: Promise<GitDates>;

  // parse
  images: { manifest: ImageManifest; files: ImageFile[]; problems: SitegenError[] };
  /** The resized copies to encode (image-variants.ts), and their encoding once started (plan). */
  imageJobs: VariantJob[];
  imagesProcessed?: Promise<ProcessResult>;
  buildId: string;
  git?: GitDates;

  // plan
  docs: ContentDocument[];
  errors: SitegenError[];
  apiKeys: Map<string, string>;
  /** Document id → the `updated` its last commit gave it (not in the workers' copies, which are as parsed). */
  gitUpdated: Map<string, string>;
  previous?: OutputState;
  prevFiles: Map<string, number>;
  folder: OutputFolder;
  /** The folder holds the previous output's files, checked on the output check's thread (OutputCheck.spareSame). */
  verified: boolean;
  plan: SitePlan;
  early: { errors: SitegenError[]; warnings: SitegenError[] };
  foreignContent: boolean;

  // render
  written: Map<string, number>;
  renderErrors: SitegenError[];
  apiDocs: ContentDocument[];
  apiFiles: Map<string, string>;
  apiState: OutputState['api'];
  rendered: RenderOutcome;
  /** Files whose bytes the workers wrote new. */
  workerChanges: string[];
  /** The workers once closed (their plugin timings, for --profile). */
  pool?: Workers;
}

export { later } from '../pipeline/later.ts';
