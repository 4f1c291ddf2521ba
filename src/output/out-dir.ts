/**
 * A build replaces whatever its output folder holds, so before writing anything it refuses a folder that holds the
 * project or its sources, or that no sitegen build made (its files would be lost).
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { SitegenError } from '../errors.ts';
import { generationsOf } from './folder.ts';

export interface OutDirContext {
  root: string;
  outDir: string;
  cacheDir: string;
  contentDir: string;
  /** Folders of the project's own sources (`site/`, pages, public, data). */
  sourceDirs: string[];
}

/** `path` with the links in its existing part resolved (the rest as written). */
function real(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(real(parent), basename(abs));
  }
}

const within = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

const refuse = (outDir: string, message: string, hint: string) =>
  new SitegenError('SG7003', `The output folder ${outDir} ${message}`, {
    hint: `${hint} Choose another with --out or outDir (the default, dist/, is always safe).`,
  });

/** Throws SG7003 when a build must not write to `outDir`; touches nothing. */
export function checkOutDir(context: OutDirContext): void {
  const { outDir } = context;
  // The folder that holds the output link: the output itself is a link the build replaces.
  const out = join(real(dirname(outDir)), basename(outDir));
  const root = real(context.root);
  if (within(root, out)) {
    throw refuse(
      outDir,
      out === root ? 'is the project folder' : 'holds the project folder',
      'A build replaces everything in its output folder, and the project would be lost.',
    );
  }
  const sources = [
    ['the content folder', context.contentDir],
    ['the build cache', context.cacheDir],
    ...context.sourceDirs.map((dir) => ['a source folder', dir]),
    ['the node_modules folder', join(context.root, 'node_modules')],
    ['the git folder', join(context.root, '.git')],
  ] as const;
  for (const [name, dir] of sources) {
    const source = real(dir);
    if (within(out, source)) throw refuse(outDir, `is inside ${name} (${source})`, 'The output would be read back as sources, or replace them.');
    if (within(source, out))
      throw refuse(outDir, `holds ${name} (${source})`, 'A build replaces everything in its output folder, and the sources would be lost.');
  }
  // Inside a build's output (`--out dist/sub`): written there, it would be published with it, and replaced by its next build.
  for (let folder = dirname(out); ; folder = dirname(folder)) {
    if (/^\..+\.sitegen$/.test(basename(folder)) || existsSync(join(folder, '_sitegen/builds/latest.json')))
      throw refuse(outDir, `is inside the output of another build (${folder})`, 'It would be published with that output, and lost at its next build.');
    if (dirname(folder) === folder) break;
  }
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(outDir, { throwIfNoEntry: false });
  } catch {
    return; // a file where a parent folder should be: making the folder says so (SG7001)
  }
  if (!stats) return;
  if (stats.isSymbolicLink()) {
    const target = resolve(dirname(outDir), readlinkSync(outDir));
    if (dirname(target) === generationsOf(outDir)) return;
    throw refuse(
      outDir,
      `is a link that sitegen did not make (to ${target})`,
      'sitegen replaces its output folder with a link to each new build, and would drop this one.',
    );
  }
  if (!stats.isDirectory()) throw refuse(outDir, 'is a file', 'A build makes a folder there.');
  const entries = readdirSync(outDir);
  // A folder an earlier sitegen wrote carries its build manifest.
  if (!entries.length || existsSync(join(outDir, '_sitegen/builds/latest.json'))) return;
  const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? `, … (${entries.length} entries)` : '');
  throw refuse(
    outDir,
    `holds files that no sitegen build wrote (${shown})`,
    'A build replaces its output folder whole, and these files would be lost. Move them, or empty the folder.',
  );
}
