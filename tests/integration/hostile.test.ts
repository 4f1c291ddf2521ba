/**
 * Hostile content through the real CLI: links with script schemes, raw HTML, front matter made to
 * break out of `<title>`, attributes and `<script>`, headings full of markup. The fixture site gets
 * a few extra documents; every case checks the built HTML, the `_payload.json` files, JSON-LD and
 * the content API files by parsing them. A second build turns `markdown: { html: true }` on (raw HTML
 * is then trusted and passes through), a third tries to write outside the output folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_QUERY_KEY, documentQueryKey, queryHash } from '../../src/output/manifest.ts';
import { COLOR_SCHEME_HEAD } from '../../src/render/color-scheme.ts';
import { copyFixture, html, json, listFiles, read, remove, runCli, type CliResult } from '../helpers.ts';

const TITLE = '</script><script>alert(1)</script>';
const DESCRIPTION = 'He said "hi" & <b>bye</b>';
const POST = 'blog/2022/02/02/hostile-title';

const FILES: Record<string, string> = {
  'content/hostile/links.md': `---
title: Hostile links
description: Links with script schemes.
---

[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [w](vbscript:msgbox(1))

Obfuscated: <javascript:alert(1)> [e](&#106;avascript:alert(1)) [t](jav&#x09;ascript:alert(1)) [r][ref] ![i](javascript:alert(1)) [d](DATA:text/html,<script>alert(1)</script>)

[ref]: javascript:alert(1)

A safe link to [the guide](/guide).
`,
  'content/hostile/raw-html.md': `---
title: Raw HTML
description: Raw HTML in markdown.
---

<script>alert(1)</script>

<img src=x onerror=alert(1)>

<iframe src="https://evil.example/"></iframe>

Inline <span onclick="alert(1)">span</span> text.
`,
  [`content/blog/2022-02-02-hostile-title.md`]: `---
title: "</script><script>alert(1)</script>"
description: 'He said "hi" & <b>bye</b>'
date: 2022-02-02
author: ada
---

Body of the hostile post.
`,
  'content/guide/3.headings.md': `---
title: Headings
description: Hostile headings.
---

## <b>Bold</b> &amp; "quotes" <script>x</script>

## Link [the "docs" & 'more'](/guide) here

### A &lt;tag&gt; &quot;q&quot; \`<code>\`

See [say "hi" & 'bye' <b>](/about "a \\"title\\""), and jump to [the link heading](#link-the-docs--more-here).
`,
};

let site: string;
let out: string;
let result: CliResult;
let trusted: string;
let trustedResult: CliResult;

function addFiles(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

beforeAll(async () => {
  site = copyFixture('basic');
  addFiles(site, FILES);
  out = join(site, 'dist');

  trusted = copyFixture('basic');
  addFiles(trusted, { 'content/hostile/raw-html.md': FILES['content/hostile/raw-html.md'] });
  const config = join(trusted, 'site/config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("separator: '|',", "separator: '|',\n  markdown: { html: true },"));

  [result, trustedResult] = await Promise.all([
    runCli(['build', '--quiet', '--root', site, '--out', out]),
    runCli(['build', '--quiet', '--root', trusted, '--out', join(trusted, 'dist')]),
  ]);
}, 120_000);
afterAll(() => {
  remove(site);
  remove(trusted);
});

// ---------------------------------------------------------------- helpers

const page = (route: string) => html(out, `${route}/index.html`);
const payload = (route: string) =>
  json<{ title: string; head: { title: string; tags: { tag: string; attrs: Record<string, string> }[]; jsonld: string[] }; html: string }>(
    out,
    `${route}/_payload.json`,
  );
const contentApi = <T = Record<string, unknown>>(key: string) => json<T>(out, `api/_content/query/${queryHash(key)}.json`);
const outputFiles = () => listFiles(out);

/** Every element that carries a URL, in a parsed document. */
function urls(root: HTMLElement): { tag: string; name: string; value: string }[] {
  const found: { tag: string; name: string; value: string }[] = [];
  for (const el of root.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(el.attributes)) {
      if (/^(href|src|action|formaction|data|srcdoc|xlink:href)$/i.test(name)) found.push({ tag: el.tagName.toLowerCase(), name, value });
    }
  }
  return found;
}

/** All HTML of the build: every .html file, and the `html` of every payload and content API document. */
function allHtml(): { file: string; root: HTMLElement }[] {
  const docs: { file: string; root: HTMLElement }[] = [];
  for (const file of outputFiles()) {
    if (file.endsWith('.html')) docs.push({ file, root: parse(read(out, file)) });
    else if (file.endsWith('_payload.json')) docs.push({ file, root: parse(json<{ html: string }>(out, file).html) });
    else if (file.startsWith('api/_content/query/')) {
      const data = json<{ body?: { html?: string }; excerpt?: string }>(out, file);
      if (data.body?.html) docs.push({ file, root: parse(data.body.html) });
      if (data.excerpt) docs.push({ file: `${file} (excerpt)`, root: parse(data.excerpt) });
    }
  }
  return docs;
}

/** Scripts other than the sitegen runtime, the colour-scheme script and JSON-LD blocks. */
const foreignScripts = (root: HTMLElement) =>
  root
    .querySelectorAll('script')
    .filter(
      (s) =>
        !(s.hasAttribute('data-sitegen') && s.getAttribute('type') === 'module') &&
        s.getAttribute('type') !== 'application/ld+json' &&
        s.toString() !== COLOR_SCHEME_HEAD,
    );

const meta = (root: HTMLElement, key: string) =>
  (root.querySelector(`meta[name="${key}"]`) ?? root.querySelector(`meta[property="${key}"]`))?.getAttribute('content');

// ---------------------------------------------------------------- the build

describe('a site with hostile content', () => {
  it('builds (exit 0, no warnings)', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(outputFiles()).toEqual(
      expect.arrayContaining(['hostile/links/index.html', 'hostile/raw-html/index.html', `${POST}/index.html`, 'guide/headings/index.html']),
    );
  });
});

describe('links with script schemes', () => {
  it.each([
    ['javascript:', 'javascript:'],
    ['JAVASCRIPT:', 'javascript:'],
    ['data:text/html', 'data:'],
    ['vbscript:', 'vbscript:'],
  ])('no href or src in the output uses %s', (_written, protocol) => {
    const checked = new Set<string>();
    for (const { file, root } of allHtml()) {
      for (const url of urls(root)) {
        // Resolved the way a browser does (tabs and newlines dropped, scheme lower-cased).
        const resolved = new URL(url.value, 'https://fixture.example.com/hostile/links');
        checked.add(resolved.protocol);
        const bad = resolved.protocol === protocol && !(protocol === 'data:' && /^data:image\/(gif|png|jpeg|webp);/i.test(resolved.href));
        expect(bad, `${file}: <${url.tag} ${url.name}="${url.value}">`).toBe(false);
      }
    }
    expect(checked.has('https:')).toBe(true);
  });

  it('leaves the markdown of the rejected links as text, and makes the safe one a link', () => {
    const prose = page('hostile/links').querySelector('main .prose')!;
    expect(prose.text).toContain('[x](javascript:alert(1))');
    expect(prose.text).toContain('[y](JAVASCRIPT:alert(1))');
    expect(prose.text).toContain('[z](data:text/html;base64,');
    expect(prose.text).toContain('[w](vbscript:msgbox(1))');
    const hrefs = prose.querySelectorAll('a').map((a) => a.getAttribute('href')!);
    expect(hrefs).toContain('/guide');
    for (const href of hrefs) expect(new URL(href, 'https://fixture.example.com/hostile/links').protocol, href).toBe('https:');
    expect(prose.querySelectorAll('img')).toEqual([]);
  });

  it('keeps script schemes out of the raw output too (entities, autolinks, references, images)', () => {
    for (const file of outputFiles().filter((f) => /\.(html|json)$/.test(f))) {
      const text = read(out, file);
      expect(text, file).not.toMatch(/(href|src)\s*=\s*(\\?["'])?\s*(javascript|vbscript|data:text)/i);
    }
  });
});

describe('raw HTML in markdown', () => {
  it('is escaped by default: no script, img or iframe element, the markup shown as text', () => {
    const doc = page('hostile/raw-html');
    const prose = doc.querySelector('main .prose')!;
    expect(foreignScripts(doc)).toEqual([]);
    expect(prose.querySelectorAll('script, img, iframe, span')).toEqual([]);
    expect(doc.querySelectorAll('[onerror], [onclick]')).toEqual([]);
    expect(prose.text).toContain('<script>alert(1)</script>');
    expect(prose.text).toContain('<img src=x onerror=alert(1)>');
    expect(prose.text).toContain('<iframe src="https://evil.example/"></iframe>');
  });

  it('is escaped in the payload and the content API document as well', () => {
    const fromPayload = parse(payload('hostile/raw-html').html);
    expect(fromPayload.querySelectorAll('script, iframe, [onerror], [onclick]')).toEqual([]);
    const doc = contentApi<{ body: { html: string } }>(documentQueryKey('/hostile/raw-html'));
    const body = parse(doc.body.html);
    expect(body.querySelectorAll('script, img, iframe, [onerror], [onclick]')).toEqual([]);
    expect(body.text).toContain('<script>alert(1)</script>');
  });

  it('passes through unchanged with markdown: { html: true } (trusted writers)', () => {
    expect(trustedResult.stderr).toBe('');
    expect(trustedResult.code).toBe(0);
    const prose = html(join(trusted, 'dist'), 'hostile/raw-html/index.html').querySelector('main .prose')!;
    expect(prose.querySelectorAll('script').map((s) => s.text)).toEqual(['alert(1)']);
    expect(prose.querySelector('img')?.getAttribute('onerror')).toBe('alert(1)');
    expect(prose.querySelector('iframe')?.getAttribute('src')).toBe('https://evil.example/');
    expect(prose.querySelector('span')?.getAttribute('onclick')).toBe('alert(1)');
  });
});

describe('front matter made to break out of the markup', () => {
  it('is the exact text of <title>, the heading and the lead', () => {
    const doc = page(POST);
    expect(doc.querySelector('title')?.text).toBe(`${TITLE} | Fixture`);
    expect(doc.querySelector('h1')?.text).toBe(TITLE);
    expect(doc.querySelector('.post-lead')?.text).toBe(DESCRIPTION);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
  });

  it('is the exact value of the description, Open Graph and Twitter tags', () => {
    const doc = page(POST);
    expect(meta(doc, 'description')).toBe(DESCRIPTION);
    expect(meta(doc, 'og:title')).toBe(TITLE);
    expect(meta(doc, 'og:description')).toBe(DESCRIPTION);
    expect(meta(doc, 'twitter:title')).toBe(TITLE);
    expect(meta(doc, 'twitter:description')).toBe(DESCRIPTION);
  });

  it('adds no <script> element besides the runtime and JSON-LD, and no <b> element from the description', () => {
    const doc = page(POST);
    expect(foreignScripts(doc)).toEqual([]);
    expect(doc.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(doc.querySelectorAll('script[data-sitegen]')).toHaveLength(1);
    expect(doc.querySelectorAll('head b, .post-header b')).toEqual([]);
  });

  it('is escaped inside the JSON-LD block: no literal </script, and the values round-trip', () => {
    const script = page(POST).querySelector('script[type="application/ld+json"]')!;
    const raw = read(out, `${POST}/index.html`);
    const block = raw.slice(raw.indexOf('<script type="application/ld+json"'), raw.indexOf('</script>', raw.indexOf('<script type="application/ld+json"')));
    expect(block.slice(block.indexOf('>') + 1)).not.toContain('<'); // so neither `</script` nor `<!--`
    const ld = JSON.parse(script.text);
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: TITLE, description: DESCRIPTION, author: { '@type': 'Person', name: 'Ada Example' } });
  });

  it('round-trips through _payload.json', () => {
    const data = payload(POST);
    expect(data.title).toBe(`${TITLE} | Fixture`);
    expect(data.head.title).toBe(`${TITLE} | Fixture`);
    const tag = (key: string) => data.head.tags.find((t) => t.attrs.name === key || t.attrs.property === key)?.attrs.content;
    expect([tag('description'), tag('og:title'), tag('og:description'), tag('twitter:title')]).toEqual([DESCRIPTION, TITLE, DESCRIPTION, TITLE]);
    expect(data.head.jsonld.map((j) => JSON.parse(j))).toEqual([expect.objectContaining({ headline: TITLE, description: DESCRIPTION })]);
    const body = parse(data.html);
    expect(body.querySelectorAll('script')).toEqual([]);
    expect(body.querySelector('h1')?.text).toBe(TITLE);
  });

  it('round-trips through the content API: the document and the posts listing', () => {
    const doc = contentApi<{ title: string; description: string; frontmatter: Record<string, unknown> }>(documentQueryKey(`/${POST}`));
    expect([doc.title, doc.description]).toEqual([TITLE, DESCRIPTION]);
    expect(doc.frontmatter).toMatchObject({ title: TITLE, description: DESCRIPTION });
    const posts = contentApi<{ title: string; path: string }[]>(POSTS_QUERY_KEY);
    expect(posts.find((p) => p.path === `/${POST}`)?.title).toBe(TITLE);
  });

  it('is plain text on the blog listing, the home page and in the Atom feed', () => {
    const listing = html(out, 'blog/index.html');
    expect(foreignScripts(listing)).toEqual([]);
    expect(listing.querySelector(`a[href="/${POST}"]`)?.text).toBe(TITLE);
    expect(foreignScripts(html(out, 'index.html'))).toEqual([]);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(read(out, 'blog/feed.xml'));
    const entries = ([] as { title: string | { '#text': string } }[]).concat(feed.feed.entry);
    const titles = entries.map((e) => (typeof e.title === 'string' ? e.title : e.title['#text']));
    // Atom's titles are HTML (type="html"): the markup in this one is escaped, so a reader shows it as text.
    expect(titles).toContain(TITLE.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
  });
});

describe('headings and link text with markup, entities and quotes', () => {
  const headingTexts = ['<b>Bold</b> & "quotes" <script>x</script>', 'Link the "docs" & \'more\' here', 'A <tag> "q" <code>'];

  it('gives headings safe, unique ids', () => {
    const doc = page('guide/headings');
    const headings = doc.querySelectorAll('main .prose h2, main .prose h3');
    const ids = headings.map((h) => h.getAttribute('id') ?? '');
    expect(ids).toEqual(['bboldb--quotes-scriptxscript', 'link-the-docs--more-here', 'a-tag-q-code']);
    expect(new Set(ids).size).toBe(ids.length);
    // GitHub's rule: markup characters, quotes and `&` are dropped, each space becomes `-` (so ` & ` gives `--`).
    for (const id of ids) expect(id).toMatch(/^[\p{L}\p{N}_]+(-+[\p{L}\p{N}_]+)*$/u);
    expect(headings.map((h) => h.querySelector('a.header-anchor')?.getAttribute('href'))).toEqual(ids.map((id) => `#${id}`));
  });

  it('keeps the markup of headings as text, in the page and in the TOC', () => {
    const doc = page('guide/headings');
    const headings = doc.querySelectorAll('main .prose h2, main .prose h3');
    expect(headings.map((h) => h.text.replace(/\s*#$/, ''))).toEqual(headingTexts);
    expect(doc.querySelectorAll('main .prose h2 b, main .prose h2 script, main .prose h3 b')).toEqual([]);
    expect(foreignScripts(doc)).toEqual([]);
    const toc = doc.querySelector('aside.docs-toc nav.toc')!;
    const entries = toc.querySelectorAll('li > a');
    expect(entries.map((a) => [a.getAttribute('href'), a.text])).toEqual([
      ['#bboldb--quotes-scriptxscript', headingTexts[0]],
      ['#link-the-docs--more-here', headingTexts[1]],
      ['#a-tag-q-code', headingTexts[2]],
    ]);
    expect(toc.querySelectorAll('b, script, code')).toEqual([]);
  });

  it('keeps the same ids and TOC in the content API document', () => {
    const doc = contentApi<{ body: { toc: { links: { id: string; text: string; children?: { id: string; text: string }[] }[] } } }>(
      documentQueryKey('/guide/headings'),
    );
    expect(doc.body.toc.links).toEqual([
      { id: 'bboldb--quotes-scriptxscript', depth: 2, text: headingTexts[0] },
      { id: 'link-the-docs--more-here', depth: 2, text: headingTexts[1], children: [{ id: 'a-tag-q-code', depth: 3, text: headingTexts[2] }] },
    ]);
  });

  it('renders a link whose text and title hold quotes as one link with that exact text', () => {
    const link = page('guide/headings').querySelector('main .prose p a[href="/about"]')!;
    expect(link.text).toBe('say "hi" & \'bye\' <b>');
    expect(link.getAttribute('title')).toBe('a "title"');
    expect(link.querySelectorAll('*')).toEqual([]);
    const inHeading = page('guide/headings').querySelector('main .prose h2 a[href="/guide"]')!;
    expect(inHeading.text).toBe('the "docs" & \'more\'');
  });
});

// ---------------------------------------------------------------- the output folder

describe('routes from front matter', () => {
  let escape: string;
  afterAll(() => escape && remove(escape));

  it('never write outside the output folder (path: and slug: with ../ segments)', async () => {
    escape = copyFixture('basic');
    addFiles(escape, {
      'content/escape-by-path.md': '---\ntitle: Escape\npath: /../../escaped-by-path\n---\nHi\n',
      'content/blog/2020-05-05-escape.md': '---\ntitle: Escape\nslug: ../../../../../../escaped-by-slug\n---\nHi\n',
    });
    const outDir = join(escape, 'deep/er/dist');
    const built = await runCli(['build', '--quiet', '--root', escape, '--out', outDir]);
    // (The output folder is a link to its generation, beside it in .dist.sitegen/.)
    const inside = [`${outDir}/`, `${join(escape, 'deep/er/.dist.sitegen')}/`];
    const outside = listFiles(escape).filter((f) => /escaped-by/.test(f) && !inside.some((dir) => join(escape, f).startsWith(dir)));
    expect(outside, `written outside ${relative(escape, outDir)}/ (exit ${built.code}): ${built.stderr}`).toEqual([]);
    // Either the build refuses these routes, naming the documents, or their pages land inside the output folder.
    if (built.code === 0) expect(listFiles(outDir).filter((f) => /escaped-by/.test(f))).not.toEqual([]);
    else expect(built.stderr).toMatch(/content\/(escape-by-path\.md|blog\/2020-05-05-escape\.md)/);
  }, 60_000);
});
