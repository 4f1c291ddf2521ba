/**
 * The site as `sitegen dev` plans it: the build's `planSite` over the current documents (after `content:loaded`),
 * public files and images, with drafts and scheduled posts in and the reload client on every page.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { displayPath, listPublicFiles } from '../content/discover.ts';
import type { ProjectScope } from '../content/scope.ts';
import type { ContentDocument } from '../content/types.ts';
import type { SitegenError } from '../errors.ts';
import { collectImages, imageKeys } from '../output/images.ts';
import { templateImages } from '../output/template-images.ts';
import { planSite, type SitePlan } from '../pipeline/plan.ts';
import type { Project } from '../pipeline/project.ts';
import { readAuthors } from '../site/data.ts';
import { resolveNow } from '../site/schedule.ts';
import type { DevTemplates } from './templates.ts';

export interface DevPlanInput {
  project: Project;
  /** The documents as parsed (with their dates from git). */
  docs: ContentDocument[];
  templates: DevTemplates;
  scope: ProjectScope;
  /** HTML added to every page (the live-reload client). */
  bodyExtra: string;
  /** The previous plan's `paths()` routes, kept for a page whose `paths()` throws now. */
  lastPaths?: SitePlan['paths'];
}

export interface DevPlan {
  plan: SitePlan;
  /** The documents planned: as `content:loaded` hooks left them. */
  docs: ContentDocument[];
  /** Hashed image path in the output (`_sitegen/images/cat.1a2b3c4d5e.png`) → its source file. */
  imageFiles: Map<string, string>;
  /** Public files that are links out of the project (SG2010). */
  refused: SitegenError[];
  imageProblems: SitegenError[];
  /** The images the site's pages, layouts and components show with a literal `<Image src>`, and the logo (their keys). */
  templateImages: Set<string>;
  /** Duplicate routes, bad redirects and the like. */
  routeProblems: SitegenError[];
}

const byStem = (a: ContentDocument, b: ContentDocument) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0);

/** `theme.logo.src` as an image key (its file from the project's root), when it is a file of the site. */
function logoKey(project: Project): string[] {
  const src = project.config.theme.logo?.src;
  return src?.startsWith('/') && !src.startsWith('//') ? [displayPath(resolve(project.publicDir, `.${src}`), project.root)] : [];
}

export async function planDev(input: DevPlanInput): Promise<DevPlan> {
  const { project, scope, templates } = input;
  const docs = await project.hooks.contentLoaded([...input.docs].sort(byStem));
  const authors = await readAuthors(project.dataDir, project.root);
  const { files: publicFiles, problems: refused } = existsSync(project.publicDir)
    ? await listPublicFiles(project.publicDir, project.root, scope)
    : { files: [], problems: [] };
  // The documents' images and the literal `<Image src>`s of the site's pages, layouts and components, as a build has them.
  const shown = await templateImages([...templates.inputs], project.root);
  const images = await collectImages({ docs: [...docs.filter((d) => !d._partial), ...shown], ...scope });
  const plan = await planSite({
    config: project.config,
    docs,
    mod: templates.mod,
    authors,
    assets: templates.assets,
    dev: true,
    drafts: true,
    // Future posts render too, marked as scheduled by the clock (or SOURCE_DATE_EPOCH) when the plan is made.
    schedule: { now: resolveNow(), future: true },
    hasFavicon: publicFiles.some((f) => f.rel === 'favicon.svg'),
    publicFiles: publicFiles.map((f) => f.rel),
    bodyExtra: input.bodyExtra,
    images: images.manifest,
    strings: project.strings,
    lastPaths: input.lastPaths,
  });
  return {
    plan,
    docs,
    imageFiles: new Map(images.files.map((f) => [f.rel, f.file])),
    refused,
    imageProblems: images.problems,
    // With theme.logo, which the theme's header and footer show on every page.
    templateImages: new Set(shown.flatMap((source) => imageKeys(source, scope.publicDir)).concat(logoKey(project))),
    routeProblems: [...plan.problems, ...plan.redirectProblems],
  };
}
