/**
 * KaTeX's stylesheet and fonts as assets named by content hash (`_sitegen/katex.<hash>.css`, `_sitegen/KaTeX_Main-Regular.<hash>.woff2`):
 * written when a document has math, and linked only from the pages that show some.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hashText } from '../hash.ts';

export interface MathAssets {
  /** `_sitegen/katex.<hash>.css`, its font URLs pointing at the fonts below. */
  css: { path: string; contents: string };
  /** The woff2 fonts only: every browser sitegen's pages target reads them, so the woff and ttf copies would never load. */
  fonts: { path: string; contents: Uint8Array }[];
}

/** One `src:` of KaTeX's @font-face rules: its woff2, woff and ttf files. */
const FONT_SRC = /src:url\(fonts\/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\(fonts\/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\))*/g;

let assets: MathAssets | undefined;

/** Read once per thread, and only by a build that has math. */
export function mathAssets(): MathAssets {
  if (assets) return assets;
  const dist = dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
  const fonts: MathAssets['fonts'] = [];
  const css = readFileSync(join(dist, 'katex.min.css'), 'utf8').replace(FONT_SRC, (_match, name: string) => {
    const contents = readFileSync(join(dist, 'fonts', `${name}.woff2`));
    const file = `${name}.${hashText(contents).slice(0, 10)}.woff2`;
    fonts.push({ path: `_sitegen/${file}`, contents });
    return `src:url(${file}) format("woff2")`;
  });
  // A KaTeX whose stylesheet names its fonts otherwise would leave pages pointing at files that are not written.
  if (!fonts.length || /url\(fonts\//.test(css)) throw new Error('KaTeX stylesheet: font URLs in an unexpected form');
  return (assets = { css: { path: `_sitegen/katex.${hashText(css).slice(0, 10)}.css`, contents: css }, fonts });
}

/** Every math asset by output path, for the writers and the dev server. */
export function mathAssetFiles(): Map<string, string | Uint8Array> {
  const { css, fonts } = mathAssets();
  return new Map<string, string | Uint8Array>([[css.path, css.contents], ...fonts.map((f): [string, Uint8Array] => [f.path, f.contents])]);
}
