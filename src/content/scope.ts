/** What the build may read: the project, content and public folders, less cache, output, node_modules and hidden files (SG2010). */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** `file` relative to `root` with `/` separators, or as it is when outside. */
export function displayPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : file;
}

/** The folders a build may read from and those it may not, each as named and as its real path so either kind of path matches. */
export interface ProjectScope {
  root: string;
  /** The public folder relative to the project root, as the manifest names it. */
  publicDir: string;
  /** The project root, the content folder and the public folder (published whole anyway). */
  within: string[];
  cacheDirs: string[];
  outDirs: string[];
}

export function projectScope(project: { root: string; publicDir: string; contentDir: string; cacheDir: string; outDir: string }): ProjectScope {
  const both = (dir: string) => [...new Set([resolve(dir), real(dir)])];
  return {
    root: project.root,
    publicDir: displayPath(project.publicDir, project.root),
    within: [...both(project.root), ...both(project.contentDir), ...both(project.publicDir)],
    cacheDirs: both(project.cacheDir),
    outDirs: both(project.outDir),
  };
}

function real(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir); // not there (yet): nothing in it to read either
  }
}

/** `file` relative to `dir` when it is inside it (`''` for `dir` itself), else undefined. */
export function inside(file: string, dir: string): string | undefined {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)) ? rel : undefined;
}

/** Why `file` may not be read (outside the scope, in cache, output or node_modules, or hidden), or undefined when it may. */
export function refusal(file: string, scope: ProjectScope): string | undefined {
  if (scope.cacheDirs.some((dir) => inside(file, dir) !== undefined)) return 'is in the cache folder';
  if (scope.outDirs.some((dir) => inside(file, dir) !== undefined)) return 'is in the output folder';
  // Hidden parts count from the folder it is in: the project itself may sit in one.
  const rel = scope.within.map((dir) => inside(file, dir)).find((r) => r !== undefined);
  if (rel === undefined) return 'is outside the project';
  const parts = rel.split(sep);
  // (`.well-known` holds what hosts publish on purpose: security.txt, ACME challenges.)
  if (parts.some((part) => part.startsWith('.') && part !== '.well-known')) return 'is in a hidden folder or is a hidden file';
  if (parts.includes('node_modules')) return 'is in node_modules';
  return undefined;
}
