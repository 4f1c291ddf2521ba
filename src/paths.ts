import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashText } from './hash.ts';

/** The package's name on npm (sites import it; the command it installs is `sitegen`). */
export const PACKAGE_NAME = 'react-sitegen';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('sitegen: cannot find its own package.json');
    dir = parent;
  }
}

/** The sitegen package folder (holds templates/, src/, node_modules/). */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');
/** Whether `path` is `dir` or inside it. */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}

export const VERSION: string = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).version;

let mainCode: string | undefined;
/**
 * The main thread's compiled code (`lib/cli.js`, which names its chunks by their hashes): what the build made with it
 * is made again when sitegen changes without a new version (a clone, a tarball packed again).
 */
export const mainEngine = () => (mainCode ??= hashText(readFileSync(join(PACKAGE_ROOT, 'lib/cli.js'))));
