/**
 * `url()` in the site's stylesheets. The stylesheet is served from `/_sitegen/`, not from where its source lies, so a
 * relative `url(../public/fonts/x.woff2)` is rewritten to the public file's route, and every root-relative one gets the
 * base path (`/fonts/x.woff2` → `/project/fonts/x.woff2`), as links in pages do. One that points at no public file is
 * a problem (SG5006) at its line, as a missing image is.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { codeFrame } from '../errors.ts';
import type { StylesheetWarning } from './assets.ts';

export interface UrlContext {
  /** The site's public folder (absolute): what `/…` URLs are served from. */
  publicDir: string;
  /** The base path, `/` or `/project/`. */
  base: string;
}

/** `url(x)`, `url('x')`, `url("x")`; the quote (if any) in 2, the URL in 3 or 4. */
const URL_TOKEN = /url\(\s*(?:(["'])(.*?)\1|([^"')\s]*))\s*\)/g;

/** A URL left as written: another origin, data, a fragment (SVG filters), or nothing. */
function external(url: string): boolean {
  return !url || /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url);
}

/** The public file a URL of `file` names (its query and fragment cut), or why it names none. */
function target(url: string, file: string, ctx: UrlContext): { route: string; path: string } | { outside: string } {
  const bare = url.replace(/[?#].*$/, '');
  const suffix = url.slice(bare.length);
  let decoded: string;
  try {
    decoded = decodeURI(bare);
  } catch {
    return { outside: bare }; // a malformed escape names no file
  }
  const path = bare.startsWith('/') ? resolve(ctx.publicDir, `.${decoded}`) : resolve(dirname(file), decoded);
  const rel = relative(ctx.publicDir, path);
  if (rel.startsWith('..') || rel === '' || isAbsolute(rel)) return { outside: path };
  return { route: `/${rel.split(sep).join('/')}${suffix}`, path };
}

/** The stylesheet's text with its public URLs written as the output serves them (same lines: problems keep their places). */
export function rewriteUrls(css: string, file: string, ctx: UrlContext): string {
  const prefix = ctx.base.replace(/\/$/, '');
  return css.replace(URL_TOKEN, (token, quote: string | undefined, quoted: string | undefined, plain: string | undefined) => {
    const url = (quoted ?? plain ?? '').trim();
    if (external(url)) return token;
    const found = target(url, file, ctx);
    if ('outside' in found) return token;
    const q = quote ?? '"';
    return `url(${q}${prefix}${found.route}${q})`;
  });
}

/** Each `url()` of `files` that names no public file: a missing one, or a relative path outside `site/public`. */
export async function urlProblems(files: string[], ctx: UrlContext, display: (file: string) => string): Promise<StylesheetWarning[]> {
  const problems: StylesheetWarning[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const match of text.matchAll(URL_TOKEN)) {
      const url = (match[2] ?? match[3] ?? '').trim();
      if (external(url)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const column = match.index - text.lastIndexOf('\n', match.index - 1);
      const found = target(url, file, ctx);
      const place = { file, line, column, frame: codeFrame(text, line, column), code: 'SG5006' as const };
      if ('outside' in found) {
        problems.push({
          ...place,
          text: `url(${url}) is not under ${display(ctx.publicDir)}/: the stylesheet is served from /_sitegen/, where it points nowhere`,
          hint: `Put the file under ${display(ctx.publicDir)}/ and write its path from there: url(/fonts/brand.woff2) for ${display(ctx.publicDir)}/fonts/brand.woff2.`,
        });
      } else if (!existsSync(found.path) || !statSync(found.path).isFile()) {
        problems.push({
          ...place,
          text: `url(${url}) points at no file (looked for ${display(found.path)})`,
          hint: `Put the file under ${display(ctx.publicDir)}/ or fix the path; a url() from the site root (/fonts/x.woff2) is read from ${display(ctx.publicDir)}/.`,
        });
      }
    }
  }
  return problems;
}
