/**
 * `500.html`, the page a host shows when it fails: plain HTML with the site's stylesheet and no runtime, so that it
 * does not depend on what may be failing (the inline colour-scheme script loads nothing).
 */
import { escapeHtml } from '../html.ts';
import { COLOR_SCHEME_HEAD } from '../render/color-scheme.ts';

export interface ErrorPageInput {
  lang: string;
  siteName: string;
  description: string;
  /** The home page URL (with the base). */
  home: string;
  /** The site's `<head>` links; the runtime preload is dropped. */
  headHtml: string;
}

export function serverErrorHtml(input: ErrorPageInput): string {
  const head = input.headHtml
    .split('\n')
    .filter((line) => !line.includes('modulepreload'))
    .join('\n');
  const title = input.siteName ? `Internal Server Error | ${input.siteName}` : 'Internal Server Error';
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${COLOR_SCHEME_HEAD}
<title>${escapeHtml(title)}</title>
${input.description ? `<meta name="description" content="${escapeHtml(input.description)}">\n` : ''}<meta name="robots" content="noindex, nofollow">
${head}
</head>
<body>
<main class="notice-page"><div class="container container-narrow">
<p class="notice-code" aria-hidden="true">500</p>
<h1 class="page-title">Internal Server Error</h1>
<p class="page-lead">Something went wrong on our side. Try again in a moment, or start from <a href="${escapeHtml(input.home)}">the home page</a>.</p>
</div></main>
</body>
</html>
`;
}
