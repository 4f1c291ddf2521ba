// sitegen's highlighter (src/markdown/highlight.ts) bundled as one module for the bench's
// floor programs, which run it in plain Node threads: built when missing or older than its source.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const HIGHLIGHTER = join(ROOT, 'bench/.cache/highlight.mjs');
const SOURCE = join(ROOT, 'src/markdown/highlight.ts');

export async function buildHighlighter() {
  if (existsSync(HIGHLIGHTER) && statSync(HIGHLIGHTER).mtimeMs >= statSync(SOURCE).mtimeMs) return HIGHLIGHTER;
  const { build } = await import('esbuild');
  mkdirSync(dirname(HIGHLIGHTER), { recursive: true });
  await build({ entryPoints: [SOURCE], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: HIGHLIGHTER, logLevel: 'warning' });
  return HIGHLIGHTER;
}
