/** Find content files (fast-glob) and public files. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { SitegenError } from '../errors.ts';
import type { SourceFile } from './types.ts';
import { mapLimit } from '../pipeline/pool.ts';
import { walkFiles } from './links.ts';

/** Content files: markdown and data (`**\/*.{md,markdown,yml,yaml,json}`). */
const CONTENT_FILE = /\.(md|markdown|ya?ml|json)$/;
const IGNORE = ['**/node_modules', '**/node_modules/**', '**/.*/**'];

import { displayPath, type ProjectScope } from './scope.ts';

export { displayPath };

/**
 * Synchronous on purpose: fast-glob's synchronous walk is faster than its asynchronous one, and
 * the main thread has nothing to do meanwhile (the workers start on threads of their own). Symbolic links are
 * followed while they stay inside `roots` (the project's, content and public folders' real paths);
 * any other is an SG2010 problem and nothing is read through it (links.ts).
 */
export async function discoverContent(
  contentDir: string,
  root: string,
  roots: ProjectScope,
): Promise<{ sources: SourceFile[]; problems: SitegenError[]; mdx: string[] }> {
  // MDX files are markdown with JSX, which sitegen does not read: counted, to be said once (mdxWarning).
  const mdx: string[] = [];
  const accept = (rel: string) => {
    if (MDX_FILE.test(rel)) mdx.push(rel);
    return CONTENT_FILE.test(rel);
  };
  const { files, problems } = walkFiles(contentDir, { accept, ignore: IGNORE, roots, root });
  // Every display path has the content folder's as its start (on POSIX, where both use `/`).
  const prefix = sep === '/' ? (contentDir === root ? '' : `${displayPath(contentDir, root)}/`) : undefined;
  const shown = (rel: string) => (prefix === undefined ? displayPath(join(contentDir, rel), root) : prefix + rel);
  const sources = files.map((rel) => ({ file: join(contentDir, rel), rel, display: shown(rel) }));
  return { sources, problems, mdx: mdx.sort().map(shown) };
}

const MDX_FILE = /\.mdx$/i;

/** The one warning for the `.mdx` files a content folder holds (display paths), or undefined when none. */
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
export async function listPublicFiles(publicDir: string, root: string, roots: ProjectScope): Promise<{ files: PublicFile[]; problems: SitegenError[] }> {
  const { files: rels, problems } = walkFiles(publicDir, { accept: () => true, ignore: ['**/.*/**'], roots, root });
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
