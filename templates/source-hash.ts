/** A plugin's own code hashed, for its cache keys: a new version of the plugin makes its cached results again. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const hashes = new Map<string, string>();

/** A file's bytes, or nothing when it is not there. */
function readOr(file: () => string): Buffer | string {
  try {
    return readFileSync(file());
  } catch {
    return '';
  }
}

/**
 * The files `files` (relative to the module at `moduleUrl`, which is hashed too) and the versions of the packages
 * `packages` (their package.json, as that module resolves them), hashed once per process; 'unknown' when the module
 * itself cannot be read.
 */
export function sourceHash(moduleUrl: string, files: string[] = [], packages: string[] = []): string {
  const id = JSON.stringify([moduleUrl, files, packages]);
  let known = hashes.get(id);
  if (known === undefined) {
    try {
      const self = fileURLToPath(moduleUrl);
      const hash = createHash('sha256').update(readFileSync(self));
      // A bundled copy of the plugin (a project's config bundle) holds those files inside it: not beside it.
      for (const file of files) hash.update(readOr(() => join(dirname(self), file)));
      const require = createRequire(self);
      for (const name of packages) hash.update(readOr(() => require.resolve(`${name}/package.json`)));
      known = hash.digest('hex').slice(0, 10);
    } catch {
      known = 'unknown';
    }
    hashes.set(id, known);
  }
  return known;
}
