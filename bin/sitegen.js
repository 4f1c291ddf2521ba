#!/usr/bin/env node
// The sitegen executable: in a clone, compiles src/ to lib/ when lib/ is missing or older than
// src/; then runs the CLI. An installed package has no scripts/ and runs the lib/ it shipped with.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'lib/.stamp');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
    } catch (error) {
      // Gone since the listing (an editor's or sed's temporary file): not a reason to fail.
      if (error.code !== 'ENOENT') throw error;
    }
  }
  return newest;
}

const compiler = join(root, 'scripts/compile.js');
if (!existsSync(compiler)) {
  if (!existsSync(join(root, 'lib/cli.js'))) {
    console.error(
      `✗ sitegen is installed without its compiled lib/ (${root})\n  hint: reinstall the package; a tarball made by npm pack builds lib/ before packing.`,
    );
    process.exit(1);
  }
} else if (
  !(process.env.SITEGEN_COMPILED === '1' && existsSync(stamp)) &&
  (!existsSync(stamp) || (existsSync(join(root, 'src')) && newestMtime(join(root, 'src')) > statSync(stamp).mtimeMs))
) {
  // (SITEGEN_COMPILED=1, set by the test suite, which compiles once before it starts: lib/ is run
  // as it is, since a compile rewrites lib/ under the other sitegen processes running from it.)
  execFileSync(process.execPath, [compiler], { stdio: 'inherit' });
}

// Half V8's default budget for inlining into optimised functions, for every thread of this
// process (the flag is global; workers start later): the three threads each compile the same
// markdown, highlighting and React code, and at 10,000 documents the optimising compiler took
// 4.0 s of the build's 14 s of CPU, 3.3 s with this (the code it makes is hardly slower).
setFlagsFromString('--max-inlined-bytecode-size-cumulative=460');

// React's production build (same HTML, several times faster) unless the caller chose otherwise.
process.env.NODE_ENV ??= 'production';

const { main } = await import(pathToFileURL(join(root, 'lib/cli.js')).href);
await main(process.argv);
