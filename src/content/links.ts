/** Symbolic links in the content and public folders: followed when the build may read the target (scope.ts), else SG2010. */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { SitegenError } from '../errors.ts';
import { displayPath, refusal, type ProjectScope } from './scope.ts';

/** Whether a link's real path is one the build may read (content/scope.ts). */
export function insideRoots(real: string, scope: ProjectScope): boolean {
  return refusal(real, scope) === undefined;
}

/** SG2010 for a link whose target the build may not read (`why`: content/scope.ts refusal). */
export function outsideLinkProblem(link: string, target: string, root: string, why = 'is outside the project'): SitegenError {
  return new SitegenError('SG2010', `${displayPath(link, root)} is a symbolic link to ${target}, which ${why}`, {
    location: { file: displayPath(link, root) },
    hint: 'sitegen reads and serves only files inside the project (and its content and public folders). Copy the file into the project, or point the link at a file inside it.',
  });
}

/** The first link from `base` down to `file` (included) whose target may not be read, or undefined. */
export function linkOutside(file: string, base: string, roots: ProjectScope): { link: string; target: string; why: string } | undefined {
  const rel = relative(base, file);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  let path = base;
  for (const segment of rel.split(sep)) {
    path = join(path, segment);
    try {
      if (!lstatSync(path).isSymbolicLink()) continue;
    } catch {
      return undefined;
    }
    let target: string;
    try {
      target = realpathSync(path);
    } catch {
      return undefined; // a broken link: nothing to read through it
    }
    const why = refusal(target, roots);
    if (why) return { link: path, target, why };
  }
  return undefined;
}

export interface WalkOptions {
  /** Which files to take, by their path relative to the folder walked. */
  accept: (rel: string) => boolean;
  ignore: string[];
  roots: ProjectScope;
  /** The project root (for the display path of refused links). */
  root: string;
}

/**
 * Every accepted file below `dir` (relative, sorted), following allowed links and skipping loops; SG2010 for each other
 * link. `folders`: every folder walked (relative, `''` for `dir`), when no link was met. fast-glob is imported on the
 * first walk: a build whose content listing is known never loads it.
 */
export async function walkFiles(dir: string, options: WalkOptions): Promise<{ files: string[]; problems: SitegenError[]; folders?: string[] }> {
  const { default: fg } = await import('fast-glob');
  const files: string[] = [];
  const problems: SitegenError[] = [];
  const folders = [''];
  let links = false;
  const walked = new Set<string>();
  const walk = (folder: string, prefix: string, depth: number) => {
    // One pattern and no links followed: no entry can come twice, so fast-glob's duplicate check (two thirds of the walk) is skipped.
    const entries = fg.sync('**', {
      cwd: folder,
      onlyFiles: false,
      objectMode: true,
      dot: false,
      followSymbolicLinks: false,
      ignore: options.ignore,
      unique: false,
    });
    for (const entry of entries) {
      const rel = prefix + entry.path;
      if (entry.dirent.isFile()) {
        if (options.accept(rel)) files.push(rel);
        continue;
      }
      if (entry.dirent.isDirectory()) folders.push(rel);
      if (!entry.dirent.isSymbolicLink()) continue;
      links = true;
      const link = join(folder, entry.path);
      let target: string;
      try {
        target = realpathSync(link);
      } catch {
        continue; // broken: nothing to read
      }
      const why = refusal(target, options.roots);
      if (why) {
        problems.push(outsideLinkProblem(join(dir, rel), target, options.root, why));
        continue;
      }
      const stats = statSync(target, { throwIfNoEntry: false });
      if (stats?.isFile()) {
        if (options.accept(rel)) files.push(rel);
      } else if (stats?.isDirectory() && depth < 16 && !walked.has(target)) {
        const at = realpathSync(dirname(link));
        if (at === target || at.startsWith(target + sep)) continue; // a loop
        walked.add(target);
        walk(link, `${rel}/`, depth + 1);
      }
    }
  };
  try {
    walked.add(realpathSync(dir));
  } catch {
    return { files, problems };
  }
  walk(dir, '', 0);
  files.sort();
  return { files, problems, ...(links ? {} : { folders }) };
}
