#!/usr/bin/env node
// Compile src/ to lib/ with esbuild (one bundle per entry). Dependencies stay external, except a
// few pure-JS ones loaded at start-up (fast-glob and its 30 modules, commander, zod, picocolors;
// in each worker, markdown-it, its anchor, footnote, emoji and tex plugins, gray-matter and smol-toml): Node
// resolves, reads and links each module file separately, which costs more at start-up than the
// code itself (55 ms against 18 ms for the worker's first three). Never inlined: what the template
// bundle imports too (React, shiki and its TextMate engine), which must be the one copy of each
// module in a thread.
// Decided by the imported package's name, never by the importer's path: inside an installed copy
// (node_modules/react-sitegen) every path has /node_modules/ in it.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const INLINED_ROOTS = [
  'fast-glob',
  'commander',
  'zod',
  'picocolors',
  'markdown-it',
  'markdown-it-anchor',
  'markdown-it-footnote',
  'markdown-it-emoji',
  '@mdit/plugin-tex',
  'gray-matter',
  'smol-toml',
];
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const DECLARED = new Set(Object.keys(manifest.dependencies));

/** The inlined packages and, transitively, what they depend on (found in node_modules). */
function inlinedClosure(names) {
  const seen = new Set();
  const visit = (name, from) => {
    if (seen.has(name)) return;
    const dir = [from, root].map((d) => join(d, 'node_modules', name)).find((d) => existsSync(join(d, 'package.json')));
    if (!dir) throw new Error(`compile: cannot find ${name} in node_modules (run npm ci)`);
    seen.add(name);
    const deps = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {};
    for (const dep of Object.keys(deps)) visit(dep, dir);
  };
  for (const name of names) visit(name, root);
  return seen;
}
const INLINED = inlinedClosure(INLINED_ROOTS);
const packageName = (path) => (path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]);
const BUILTIN = new Set(builtinModules);
const result = await build({
  metafile: true,
  absWorkingDir: root,
  entryPoints: {
    cli: 'src/cli.ts',
    worker: 'src/worker.ts',
    'body-worker': 'src/body-worker.ts',
    index: 'src/index.ts',
    dev: 'src/dev/server.ts',
    prebuild: 'src/prebuild.ts',
  },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => {
          const name = packageName(args.path);
          if (args.path.startsWith('node:') || BUILTIN.has(name)) return { path: args.path, external: true };
          if (INLINED.has(name)) return undefined;
          // Left to Node at run time, so it must be a declared dependency wherever sitegen is installed.
          if (!DECLARED.has(name))
            return { errors: [{ text: `${args.path} is imported by ${args.importer} but is neither inlined nor a dependency in package.json` }] };
          return { path: args.path, external: true };
        });
      },
    },
  ],
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __sgCreateRequire } from 'node:module'; const require = __sgCreateRequire(import.meta.url);" },
});
mkdirSync(join(root, 'lib'), { recursive: true });
// Chunks of earlier compiles that nothing imports any more.
const outputs = new Set(Object.keys(result.metafile.outputs).map((f) => f.replace(/^lib\//, '')));
for (const name of readdirSync(join(root, 'lib/chunks'))) if (!outputs.has(`chunks/${name}`)) rmSync(join(root, 'lib/chunks', name));
// What every site on the default theme takes unchanged (the built-in plugins, the theme's bundle,
// stylesheet and runtime), compiled now rather than in each project's first build (src/prebuild.ts).
// Only an optimisation: without it, each project compiles its own.
try {
  execFileSync(process.execPath, [join(root, 'lib/prebuild.js')], { stdio: 'inherit' });
} catch {
  console.warn('sitegen: could not prebuild the default theme; each project will compile its own');
}
writeFileSync(join(root, 'lib/.stamp'), String(Date.now()));
