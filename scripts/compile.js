#!/usr/bin/env node
// Compile src/ to lib/ with esbuild (one bundle per entry, dependencies left external).
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts', worker: 'src/worker.ts', index: 'src/index.ts', dev: 'src/dev/server.ts' },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __sgCreateRequire } from 'node:module'; const require = __sgCreateRequire(import.meta.url);" },
});
mkdirSync(join(root, 'lib'), { recursive: true });
writeFileSync(join(root, 'lib/.stamp'), String(Date.now()));
