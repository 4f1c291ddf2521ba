/** Find content files (fast-glob) and public files. */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { SitegenError } from '../errors.ts';
import type { SourceFile } from './types.ts';
import { mapLimit } from '../map-limit.ts';
import { walkFiles } from './links.ts';
import { knownListing, saveListing, type Listed } from './listing.ts';

const CONTENT_FILE = /\.(md|markdown|ya?ml|json)$/;
const IGNORE = ['**/node_modules', '**/node_modules/**', '**/.*/**'];

import { displayPath, type ProjectScope } from './scope.ts';

export { displayPath };

/**
 * The content folder's files; the walk is synchronous because fast-glob's sync walk is faster and the main thread is idle.
 * With `listingFile` (the cache's listing.json), a walk is skipped when no folder it went through changed since the
 * last (see listing.ts), unless `walk` (a build without its cache) says otherwise; a walk keeps its listing there.
 */
export async function discoverContent(
  contentDir: string,
  root: string,
  roots: ProjectScope,
  listingFile?: string,
  walk = false,
): Promise<{ sources: SourceFile[]; problems: SitegenError[]; mdx: string[] }> {
  const { files, problems, mdx } =
    (listingFile && !walk && (await knownListing(listingFile, contentDir))) || (await walkContent(contentDir, root, roots, listingFile));
  // On POSIX a display path is the content folder's display path plus `rel`.
  const prefix = sep === '/' ? (contentDir === root ? '' : `${displayPath(contentDir, root)}/`) : undefined;
  const shown = (rel: string) => (prefix === undefined ? displayPath(join(contentDir, rel), root) : prefix + rel);
  // `join` normalises each path; a resolved folder and a walked relative path need no normalising on POSIX.
  const fileOf = sep === '/' && !contentDir.endsWith('/') ? (rel: string) => `${contentDir}/${rel}` : (rel: string) => join(contentDir, rel);
  const sources = files.map((rel) => ({ file: fileOf(rel), rel, display: shown(rel) }));
  return { sources, problems, mdx: mdx.map(shown) };
}

async function walkContent(contentDir: string, root: string, roots: ProjectScope, listingFile?: string): Promise<Listed> {
  // MDX (markdown with JSX) is not read: collected for one warning (mdxWarning).
  const mdx: string[] = [];
  const accept = (rel: string) => {
    if (MDX_FILE.test(rel)) mdx.push(rel);
    return CONTENT_FILE.test(rel);
  };
  const started = Date.now();
  const { files, problems, folders } = await walkFiles(contentDir, { accept, ignore: IGNORE, roots, root });
  mdx.sort();
  if (listingFile && folders && !problems.length) await saveListing(listingFile, contentDir, started, folders, { files, mdx });
  return { files, problems, mdx };
}

const MDX_FILE = /\.mdx$/i;

/** One warning for the `.mdx` files skipped, or undefined when none. */
export function mdxWarning(mdx: string[]): string | undefined {
  if (!mdx.length) return undefined;
  const count = mdx.length === 1 ? 'one .mdx file' : `${mdx.length.toLocaleString('en-US')} .mdx files`;
  return `${count} skipped (${mdx[0]}${mdx.length > 1 ? ' and others' : ''}): sitegen reads markdown, not MDX (JSX in markdown). Rename a file to .md if it is plain markdown; write components as capitalised tags of registered components.`;
}

export interface PublicFile {
  file: string;
  rel: string;
  hash: string;
}

/** The public folder's files (dotfiles left out), links followed by the same rule as content's. */
const WELL_KNOWN = '.well-known';

export async function listPublicFiles(publicDir: string, root: string, roots: ProjectScope): Promise<{ files: PublicFile[]; problems: SitegenError[] }> {
  const walk = (dir: string) => walkFiles(dir, { accept: () => true, ignore: ['**/.*/**'], roots, root });
  const { files: rels, problems } = await walk(publicDir);
  // Names starting with a dot are not published (`.DS_Store`, `.gitkeep`, an `.env` put there by mistake), except
  // `.well-known/` (security.txt, ACME challenges, app links), which hosts serve as any other folder.
  const wellKnown = join(publicDir, WELL_KNOWN);
  if (statSync(wellKnown, { throwIfNoEntry: false })?.isDirectory()) {
    const more = await walk(wellKnown);
    rels.push(...more.files.map((rel) => `${WELL_KNOWN}/${rel}`));
    problems.push(...more.problems);
  }
  const files = await mapLimit(rels, 32, async (rel) => {
    const file = join(publicDir, rel);
    return {
      file,
      rel,
      hash: createHash('sha256')
        .update(await readFile(file))
        .digest('hex')
        .slice(0, 16),
    };
  });
  return { files, problems };
}
