/**
 * Symbolic links in the content and public folders. A link is followed when its real path is
 * inside the project (or inside the content or public folder, which may lie elsewhere); any other
 * link is SG2010, named by the link's own file, and nothing is read or served through it.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import fg from 'fast-glob';
import { SitegenError } from '../errors.ts';

/** The real paths a link may lead into: the project root and the given folders (missing ones left out). */
export function allowedRoots(root: string, ...dirs: string[]): string[] {
  return [root, ...dirs].flatMap((dir) => {
    try {
      return [realpathSync(dir)];
    } catch {
      return [];
    }
  });
}

export function insideRoots(real: string, roots: string[]): boolean {
  return roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep));
}

function displayOf(file: string, root: string): string {
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}

/** SG2010 for a link whose target is outside the project. */
export function outsideLinkProblem(link: string, target: string, root: string): SitegenError {
  return new SitegenError('SG2010', `${displayOf(link, root)} is a symbolic link to ${target}, outside the project`, {
    location: { file: displayOf(link, root) },
    hint: 'sitegen reads and serves only files inside the project (and its content and public folders). Copy the file into the project, or point the link at a file inside it.',
  });
}

/**
 * The first link on the way from `base` down to `file` (the file itself included) whose real path
 * is outside `roots`, or undefined when every step stays inside (or the file is not there).
 */
export function linkOutside(file: string, base: string, roots: string[]): { link: string; target: string } | undefined {
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
    if (!insideRoots(target, roots)) return { link: path, target };
  }
  return undefined;
}

export interface WalkOptions {
  /** Which files to take, by their path relative to the folder walked. */
  accept: (rel: string) => boolean;
  ignore: string[];
  roots: string[];
  /** The project root (for the display path of refused links). */
  root: string;
}

/**
 * Every file below `dir` that `accept`s, relative to `dir`, sorted, links followed by the rule
 * above (a link to a folder is walked through; one leading back into a folder it sits in, a loop,
 * is skipped), and an SG2010 problem for each link that leads outside.
 */
export function walkFiles(dir: string, options: WalkOptions): { files: string[]; problems: SitegenError[] } {
  const files: string[] = [];
  const problems: SitegenError[] = [];
  const walked = new Set<string>();
  const walk = (folder: string, prefix: string, depth: number) => {
    const entries = fg.sync('**', { cwd: folder, onlyFiles: false, objectMode: true, dot: false, followSymbolicLinks: false, ignore: options.ignore });
    for (const entry of entries) {
      const rel = prefix + entry.path;
      if (entry.dirent.isFile()) {
        if (options.accept(rel)) files.push(rel);
        continue;
      }
      if (!entry.dirent.isSymbolicLink()) continue;
      const link = join(folder, entry.path);
      let target: string;
      try {
        target = realpathSync(link);
      } catch {
        continue; // broken: nothing to read
      }
      if (!insideRoots(target, options.roots)) {
        problems.push(outsideLinkProblem(join(dir, rel), target, options.root));
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
  return { files, problems };
}
