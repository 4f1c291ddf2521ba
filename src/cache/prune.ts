/** Compiled files (the template bundle, the config) are named by their content: old ones go when a new one is made. */
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

/** A compiled file unused for this long is removed when another is compiled beside it: dev compiles on every save. */
const KEPT_MS = 60 * 60 * 1000;

/** `file` is in use: dated now, so that one compiled meanwhile by another process (dev beside a build) leaves it. */
export function markUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {}
}

/**
 * Remove the files in `dir` whose names start with a match of `name` (`render.<hash>.mjs`, and its `.map`) and that
 * were last used more than an hour ago, `keep` aside. A file that starts with a match goes with that match's file.
 */
export function pruneUnused(dir: string, name: RegExp, keep: string): void {
  const before = Date.now() - KEPT_MS;
  for (const entry of readdirSync(dir)) {
    const main = name.exec(entry)?.[0];
    if (!main || join(dir, main) === keep || !/^(\.map)?$/.test(entry.slice(main.length))) continue;
    const used = statSync(join(dir, main), { throwIfNoEntry: false })?.mtimeMs;
    if (used === undefined || used < before) rmSync(join(dir, entry), { force: true });
  }
}
