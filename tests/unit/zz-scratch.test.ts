import { it } from 'vitest';
import { parseDocument, parseDate } from '../../src/content/parse.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import markdownPlugin from '../../templates/plugins/markdown.ts';
const md = createMarkdown({}, (m) => markdownPlugin().hooks.markdown!(m));
const options = { blogDir: 'blog', locales: [], defaultLocale: 'en', markdown: { html: false } };
const p = (rel: string, text: string) => { try { const t = performance.now(); const r = parseDocument({ file: '/x/content/' + rel, rel, display: 'content/' + rel }, text, md, options); return { ms: Math.round(performance.now() - t), errors: r.errors.map((e) => [e.code, e.message, e.location]), path: r.doc?._path, title: r.doc?.title, fm: JSON.stringify(r.doc?.frontmatter)?.slice(0, 200), html: r.doc?.body?.html.slice(0, 300), date: r.doc?.date }; } catch (e) { return { THREW: String(e).slice(0, 300) }; } };
it('probe', () => {
  const cases: [string, string][] = [
    ['...md', 'x'], ['a/...md', 'x'], ['blog/2020-01-01-...md', 'x'], ['blog/2020-01-01-x.md', '---\nslug: ..\n---\n'],
    ['a/..../b.md', 'x'], ['café/Ünï cödé 🚀.md', 'x'], ['blog/2020-02-30-x.md', 'x'], ['blog/2020-01-01-x.md', '---\ndate: 2021-05-05\n---\n'],
    ['blog/_drafts/2020-01-01-x.md', 'x'], ['blog/index.md', 'x'], ['blog/2020-01-01-x.MD', 'x'], ['a.txt', 'x'], ['noext', 'x'],
    ['a.md', '---\ntitle: x\n---\n' + ('## h\n').repeat(3000)],
    ['a.md', '---\ntitle: x\n---\n' + Array.from({length: 3000}, (_, i) => '## h' + i + '\n').join('')],
    ['a.md', '## !!!\n## !!!\n## 日本語\n## ---\n'],
  ];
  for (const [rel, text] of cases) console.log(JSON.stringify(rel), JSON.stringify(text).slice(0, 80), '\n   =>', JSON.stringify(p(rel, text)));
  console.log(parseDate('2021-02-30T10:00:00+01:00'), parseDate('2021-02-31 10:00'), parseDate('2021-02-29T00:00-05:00'));
});
