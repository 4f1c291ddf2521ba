/** How an open page takes a change in `sitegen dev`: decided from its HTML before and after (src/dev/hot.ts). */
import { describe, expect, it } from 'vitest';
import { pageShell, planUpdate, stylesheets } from '../../../src/dev/hot.ts';

interface Parts {
  title?: string;
  description?: string;
  style?: string;
  markdown?: string;
  assets?: string;
  body?: string;
  draft?: boolean;
  layout?: string;
}

/** A page as the renderer writes it (render-page.ts documentHtml), with its payload. */
function page(parts: Parts = {}) {
  const { title = 'About', description = 'A page.', style = 'style.1111111111', markdown, assets = 'a1', body = '<main><p>Text.</p></main>' } = parts;
  const html = `<!doctype html>
<html lang="en" dir="ltr" data-assets="${assets}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}" data-h>
<script type="application/ld+json" data-h>{"name":"${title}"}</script>
<link rel="stylesheet" href="/_sitegen/${style}.css">
<link rel="modulepreload" href="/_sitegen/runtime.2222222222.js">
${markdown ? `<link rel="stylesheet" href="/_sitegen/${markdown}.css" data-h>\n` : ''}</head>
<body>
<div id="__sitegen" data-layout="${parts.layout ?? 'content'}"${parts.draft ? ' data-draft' : ''}>${body}</div>
<script type="module" src="/_sitegen/runtime.2222222222.js" data-sitegen></script>
</body>
</html>
`;
  return { html, payload: JSON.stringify({ html: body, title }) };
}

describe('planUpdate', () => {
  it('leaves a page alone when its HTML did not change', () => {
    expect(planUpdate(page(), page(), 'content')).toEqual({ kind: 'none' });
  });

  it('swaps the stylesheets when nothing else changed, whatever the change was', () => {
    const before = page({ markdown: 'markdown.3333333333' });
    const after = page({ style: 'style.4444444444', markdown: 'markdown.5555555555', assets: 'a2' });
    const css = {
      kind: 'css',
      sheets: [
        { href: '/_sitegen/style.4444444444.css', h: false },
        { href: '/_sitegen/markdown.5555555555.css', h: true },
      ],
      assets: 'a2',
    };
    expect(planUpdate(before, after, 'other')).toEqual(css);
    // An on-demand sheet the page now needs (or no longer does) is still a stylesheet change.
    expect(planUpdate(page(), after, 'other')).toEqual(css);
  });

  it('swaps the payload after a document changed its body, title or description', () => {
    const after = page({ title: 'About us', description: 'Edited.', body: '<main><p>Edited.</p></main>', layout: 'doc' });
    expect(planUpdate(page(), after, 'content')).toEqual({ kind: 'page' });
  });

  it('reloads when anything but a document changed the page', () => {
    expect(planUpdate(page(), page({ body: '<main><p>Edited.</p></main>' }), 'other')).toEqual({ kind: 'reload' });
  });

  it('reloads when a document changed what a payload does not carry (the draft mark)', () => {
    expect(planUpdate(page(), page({ draft: true }), 'content')).toEqual({ kind: 'reload' });
  });

  it("reloads when the page is not the renderer's own (a page:html hook rewrote its root)", () => {
    const hooked = page();
    const after = page({ body: '<main><p>Edited.</p></main>' });
    const rewritten = { ...after, html: after.html.replace('<main>', '<main class="hooked">') };
    expect(pageShell(rewritten.html, '<main><p>Edited.</p></main>')).toBeUndefined();
    expect(planUpdate(hooked, rewritten, 'content')).toEqual({ kind: 'reload' });
  });
});

describe('stylesheets', () => {
  it('lists the stylesheet links in order, the page-own ones marked', () => {
    expect(stylesheets(page({ markdown: 'markdown.3333333333' }).html)).toEqual([
      { href: '/_sitegen/style.1111111111.css', h: false },
      { href: '/_sitegen/markdown.3333333333.css', h: true },
    ]);
  });
});
