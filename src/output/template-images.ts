/**
 * The images the site's own pages, layouts and components show with `<Image src="/…">`: a literal `src` there is
 * collected like a markdown image, so it is hashed, resized and checked before the pages render. (A `src` from front
 * matter is collected with its document; any other expression is left as the `<img>` it renders.)
 */
import { readFile } from 'node:fs/promises';
import { displayPath, inside } from '../content/scope.ts';
import { TEMPLATES_DIR } from '../paths.ts';
import type { ImageSource } from './images.ts';

const IMAGE_TAG = /<Image\b[^>]*?\ssrc=(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`)\s*\})/g;

/** The `<Image src>` literals in `files` (the template bundle's inputs) inside the project, outside the theme and node_modules. */
export async function templateImages(files: string[], root: string): Promise<ImageSource[]> {
  const own = files.filter(
    (f) => /\.[jt]sx$/.test(f) && inside(f, root) !== undefined && inside(f, TEMPLATES_DIR) === undefined && !/[\\/]node_modules[\\/]/.test(f),
  );
  const found: ImageSource[] = [];
  for (const file of own) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!text.includes('<Image')) continue;
    const source = displayPath(file, root);
    const images = [...text.matchAll(IMAGE_TAG)].map((m) => ({
      href: m.slice(1).find((v) => v !== undefined)!,
      line: text.slice(0, m.index).split('\n').length,
    }));
    if (images.length) found.push({ _source: source, _path: source, images });
  }
  return found;
}
