/**
 * Fuzzing parseDocument (one source file → ContentDocument) with fast-check, with a FIXED seed so
 * every run sees the same inputs: mutated and random front matter, dates, hostile markdown and
 * odd file paths. Whatever the input, parseDocument must return `{ doc?, errors }` without
 * throwing, every error must be a catalogue error located in the file being parsed, a result
 * without errors must carry a document, and each call must stay under a second.
 *
 * A failure prints fast-check's counterexample together with the seed and the path to replay it:
 * `fc.assert(property, { seed, path, endOnFailure: true })`.
 *
 * The last block holds the specific inputs that fuzzing and probing turned up as bugs.
 */
import fc from 'fast-check';
import type MarkdownIt from 'markdown-it';
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/content/parse.ts';
import { contentId, contentType } from '../../src/content/paths.ts';
import type { ParseOptions, ParseResult, SourceFile } from '../../src/content/types.ts';
import { ERROR_CODES } from '../../src/errors.ts';
import { LANGUAGES, highlight, initHighlighter } from '../../src/markdown/highlight.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import markdownPlugin from '../../templates/plugins/markdown.ts';

const SEED = 20_260_508;
const RUNS = { frontMatter: 1000, fields: 500, dates: 500, markdown: 800, paths: 500, anything: 500, locations: 600 };
const TOTAL = Object.values(RUNS).reduce((a, b) => a + b, 0);
const MAX_MS = 1000;

/** The markdown-it of a build: core setup plus the markdown plugin's callouts and code groups. */
const withExtras = (html: boolean) => createMarkdown({ html }, (md) => markdownPlugin().hooks.markdown!(md));
const md = withExtras(false);
const mdHtml = withExtras(true);
const options: ParseOptions = { blogDir: 'blog', locales: [], defaultLocale: 'en', markdown: { html: false } };
const CODES = new Set(Object.keys(ERROR_CODES));

const source = (rel: string): SourceFile => ({ file: `/site/content/${rel}`, rel, display: `content/${rel}` });

const LANGS = [
  'js',
  'ts',
  'tsx',
  'bash',
  'sh',
  'json',
  'yaml',
  'python',
  'go',
  'html',
  'css',
  'md',
  'diff',
  'sql',
  'http',
  'xml',
  'ruby',
  'php',
  'java',
  'cs',
  'toml',
  'ini',
  'docker',
  'lua',
  'powershell',
];

beforeAll(async () => {
  // As in a worker: the oniguruma engine, and every grammar compiled once before timing starts.
  await initHighlighter(LANGUAGES);
  for (const lang of LANGS) highlight('x = "1" // warm-up', lang);
}, 60_000);

/**
 * Parse and check the invariants every input must satisfy; returns the result for more checks.
 * `strictLocation` also requires every error's line and column to lie inside the file.
 */
function parseChecked(rel: string, text: string, markdown: MarkdownIt = md, strictLocation = false): ParseResult {
  const src = source(rel);
  const timed = (): [ParseResult, number] => {
    const started = performance.now();
    try {
      return [parseDocument(src, text, markdown, options), performance.now() - started];
    } catch (error) {
      throw new Error(`parseDocument threw for ${JSON.stringify(rel)}: ${(error as Error)?.stack ?? String(error)}`);
    }
  };
  let [result, ms] = timed();
  // A slow input is slow every time; one slow call on a loaded machine (a GC pause, a grammar compiled on first use) is not.
  if (ms >= MAX_MS) [result, ms] = timed();
  if (ms >= MAX_MS) throw new Error(`parseDocument took ${Math.round(ms)} ms twice for ${JSON.stringify(rel)} (${text.length} chars)`);

  expect(result).toBeTypeOf('object');
  expect(Array.isArray(result.errors)).toBe(true);
  const lines = text.split('\n');
  for (const error of result.errors) {
    expect(CODES.has(error.code), `unknown code ${error.code}`).toBe(true);
    expect(error.message).toBeTypeOf('string');
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.location?.file).toBe(src.display);
    const { line, column } = error.location ?? {};
    if (line !== undefined) expect(Number.isInteger(line), `line ${line}`).toBe(true);
    if (column !== undefined) expect(Number.isInteger(column), `column ${column}`).toBe(true);
    if (strictLocation) {
      const where = `${error.code} at ${line}:${column} in a file of ${lines.length} lines`;
      if (line !== undefined) expect(line >= 1 && line <= lines.length, where).toBe(true);
      if (line !== undefined && column !== undefined) expect(column >= 1 && column <= (lines[line - 1] ?? '').length + 1, where).toBe(true);
    }
  }
  if (!contentType(rel)) {
    expect(result).toEqual({ errors: [] });
  } else if (result.errors.length === 0) {
    expect(result.doc, 'no errors but no document').toBeDefined();
  }
  if (result.doc) {
    const doc = result.doc;
    expect(doc._source).toBe(src.display);
    expect(doc._id).toBe(contentId(rel));
    expect(doc._path.startsWith('/')).toBe(true);
    expect(doc.title).toBeTypeOf('string');
    expect(doc.description).toBeTypeOf('string');
    expect(Number.isFinite(doc.wordCount) && doc.readingTime >= 1).toBe(true);
    if (doc.date !== undefined) expect(Number.isNaN(Date.parse(doc.date))).toBe(false);
  }
  // The result crosses a worker boundary (structured clone) and is written out as JSON.
  expect(() => structuredClone(result)).not.toThrow();
  expect(() => JSON.stringify(result)).not.toThrow();
  return result;
}

const DANGEROUS_TAGS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'style',
  'form',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'svg',
  'math',
  'template',
]);
const SAFE_DATA = /^data:image\/(gif|png|jpeg|webp);/i;

/** With raw HTML off, rendered markdown holds no active content, whatever the writer typed. */
function expectInert(html: string, context: string): void {
  const root = parseHtml(html);
  for (const el of root.querySelectorAll('*') as HTMLElement[]) {
    const tag = el.tagName.toLowerCase();
    // KaTeX's MathML, in its .katex-mathml span: no links or handlers in it either (the attributes are checked below).
    const katex = tag === 'math' && (el.parentNode as HTMLElement | null)?.classList?.contains('katex-mathml');
    expect(DANGEROUS_TAGS.has(tag) && !katex, `<${tag}> in ${context}`).toBe(false);
    for (const [name, value] of Object.entries(el.attributes)) {
      expect(/^on/i.test(name), `${name}= on <${tag}> in ${context}`).toBe(false);
      if (/^(href|src|action|formaction|xlink:href)$/i.test(name)) {
        // Browsers ignore ASCII whitespace and control characters inside a scheme; resolve it as they do.
        const squashed = value.replace(/[\u0000-\u0020\u007f]/g, '');
        let resolved = squashed;
        try {
          resolved = new URL(value, 'https://fixture.example.com/guide/page').href;
        } catch {
          // not a URL a browser would follow
        }
        for (const url of [squashed, resolved]) {
          const bad = /^(javascript|vbscript|file|data):/i.test(url) && !SAFE_DATA.test(url);
          expect(bad, `${name}="${value}" on <${tag}> in ${context}`).toBe(false);
        }
      }
    }
  }
}

// ---------------------------------------------------------------- generators

const SPECIALS = [
  ':',
  '"',
  "'",
  '-',
  '#',
  '[',
  ']',
  '{',
  '}',
  '\t',
  '\0',
  '\n',
  '\r',
  ' ',
  '|',
  '>',
  '&',
  '*',
  '!',
  '%',
  '@',
  '`',
  ',',
  '?',
  '\\',
  '~',
  '=',
  '\u2028',
  '\uFEFF',
  '\u00a0',
  'é',
  'ß',
  '日',
  '🚀',
  '\u0301',
  '\ud800',
  '</script>',
  '---',
  '...',
  '<!-- more -->',
];
const special = fc.constantFrom(...SPECIALS);
const wordChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 -_.'.split(''));
const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
/** Short text mixing letters with every character YAML and markdown treat specially. */
const text = fc.string({ unit: fc.oneof({ weight: 4, arbitrary: wordChars }, { weight: 1, arbitrary: special }), maxLength: 40 });

const KEYS = [
  'title',
  'description',
  'date',
  'updated',
  'layout',
  'slug',
  'path',
  'draft',
  'tags',
  'navigation',
  'redirect',
  'middleware',
  'author',
  'order',
  'cover',
  'index',
  'robots',
  'toc',
];
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: word },
  { weight: 1, arbitrary: text.map((t) => JSON.stringify(t)) },
);

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface DateParts {
  y: number;
  m: number;
  d: number;
  time: { h: number; mi: number; s: number | null } | null;
  sep: ' ' | 'T';
  tz: string | null;
  quote: '' | '"' | "'";
}
const dateParts: fc.Arbitrary<DateParts> = fc.record({
  y: fc.integer({ min: 1900, max: 2200 }),
  m: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }) }),
  d: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 31 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }) }),
  time: fc.option(fc.record({ h: fc.integer({ min: 0, max: 25 }), mi: fc.integer({ min: 0, max: 61 }), s: fc.option(fc.integer({ min: 0, max: 61 })) })),
  sep: fc.constantFrom(' ' as const, 'T' as const),
  tz: fc.option(fc.constantFrom('Z', '+01:00', '-05:30', '+0100', '+14:00')),
  quote: fc.constantFrom('' as const, '"' as const, "'" as const),
});
const formatDate = (p: DateParts) => {
  let out = `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}`;
  if (p.time) out += `${p.sep}${pad(p.time.h)}:${pad(p.time.mi)}${p.time.s === null ? '' : `:${pad(p.time.s)}`}`;
  if (p.tz && p.time) out += p.tz;
  return `${p.quote}${out}${p.quote}`;
};
/** The date as UTC ISO when it exists on the calendar, else undefined (only for UTC forms). */
const expectedIso = (p: DateParts): string | undefined => {
  if (p.m < 1 || p.m > 12 || p.d < 1 || p.d > daysIn(p.y, p.m)) return undefined;
  const t = p.time ?? { h: 0, mi: 0, s: 0 };
  if (t.h > 23 || t.mi > 59 || (t.s ?? 0) > 59) return undefined;
  return new Date(Date.UTC(p.y, p.m - 1, p.d, t.h, t.mi, t.s ?? 0)).toISOString();
};
const dateValue = fc.oneof(
  { weight: 4, arbitrary: dateParts.map(formatDate) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'yesterday',
      '',
      '~',
      'null',
      '20200101',
      '2020/01/01',
      '01-02-2020',
      '[2020-01-01]',
      '{}',
      '2020-1-1',
      '"2020-01-01 10:00:00 UTC"',
      '1e10',
      '-1',
      'true',
    ),
  },
);

const quoted = (t: string, style: number) =>
  style === 0 ? t : style === 1 ? JSON.stringify(t) : style === 2 ? `'${t.replace(/'/g, "''")}'` : `|\n  ${t.replace(/\n/g, '\n  ')}`;
const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(text, fc.integer({ min: 0, max: 3 })).map(([t, style]) => quoted(t, style)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.integer().map(String),
      fc.double({ noNaN: false }).map(String),
      fc.constantFrom('true', 'false', 'yes', 'no', 'null', '~', '.inf', '-.nan', '0x1F', '0o17', '1_000'),
    ),
  },
  { weight: 1, arbitrary: dateValue },
);
const value = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }).map((items) => `[${items.join(', ')}]`) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }).map((items) => items.map((i) => `\n  - ${i}`).join('')) },
  { weight: 1, arbitrary: fc.array(fc.tuple(word, scalar), { maxLength: 3 }).map((pairs) => pairs.map(([k, v]) => `\n  ${k}: ${v}`).join('')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '"</script><script>alert(1)</script>"',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '"He said \\"hi\\" & <b>bye</b>"',
      '&anchor value',
      '*alias',
      '!!str tagged',
      '!custom x',
      '{ a: [1, { b: 2 }] }',
    ),
  },
);
const frontMatterLines = fc.array(
  fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`),
  { maxLength: 8 },
);
const frontMatter = frontMatterLines.map((lines) => `---\n${lines.join('\n')}\n---\n`);

type Mutation = { op: 'delete' | 'duplicate' | 'insert' | 'long' | 'swap' | 'truncate'; at: number; to: number; ch: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.oneof(
    { weight: 3, arbitrary: fc.constant('delete' as const) },
    { weight: 2, arbitrary: fc.constant('duplicate' as const) },
    { weight: 4, arbitrary: fc.constant('insert' as const) },
    { weight: 1, arbitrary: fc.constant('long' as const) },
    { weight: 1, arbitrary: fc.constant('swap' as const) },
    { weight: 1, arbitrary: fc.constant('truncate' as const) },
  ),
  at: fc.nat(),
  to: fc.nat(),
  ch: special,
});
const LONG = ['x'.repeat(5000), ': '.repeat(1500), '"'.repeat(999), '- '.repeat(2000), '#'.repeat(3000), '[{'.repeat(500), 'ü'.repeat(3000)];
function mutate(input: string, mutations: Mutation[]): string {
  let s = input;
  for (const m of mutations) {
    const at = s.length ? m.at % (s.length + 1) : 0;
    if (m.op === 'delete') s = s.slice(0, at) + s.slice(at + 1);
    else if (m.op === 'duplicate') s = s.slice(0, at) + s.slice(at, at + 1 + (m.to % 8)) + s.slice(at);
    else if (m.op === 'insert') s = s.slice(0, at) + m.ch + s.slice(at);
    else if (m.op === 'long') s = s.slice(0, at) + LONG[m.to % LONG.length] + s.slice(at);
    else if (m.op === 'truncate') s = s.slice(0, at);
    else {
      const lines = s.split('\n');
      const i = m.at % lines.length;
      const j = m.to % lines.length;
      [lines[i], lines[j]] = [lines[j], lines[i]];
      s = lines.join('\n');
    }
  }
  return s;
}

const inline = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: text },
      { weight: 1, arbitrary: fc.tuple(text, text).map(([a, b]) => `*${a}* **${b}** \`${a}\``) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            text,
            fc.constantFrom(
              'javascript:alert(1)',
              'JAVASCRIPT:alert(1)',
              ' javascript:alert(1)',
              'java\tscript:x',
              'jav&#x09;ascript:x',
              '&#106;avascript:alert(1)',
              'javascript&colon;alert(1)',
              'data:text/html;base64,PHNjcmlwdD4=',
              'data:image/png;base64,iVBOR',
              'vbscript:msgbox(1)',
              'file:///etc/passwd',
              '//evil.example',
              '#frag',
              '',
              '/path with spaces',
              '<javascript:alert(1)>',
              'mailto:a@b.c',
              'https://example.com/?a="b"&c=<d>',
              '/a#"><script>',
            ),
          )
          .map(([t, href]) => `[${t}](${href})`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '<javascript:alert(1)>',
          '<https://example.com>',
          '![img](javascript:alert(1))',
          '![i](x "t\\"t")',
          '[ref][r]',
          '<span onclick="x">s</span>',
          '<b>',
          '&amp; &lt; &#0; &#x110000; &nbsp;',
          '\\',
          '<!-- c -->',
          '$x^2$',
          '$5 and $10',
          '$\\frac{1}{$',
          '$\\href{javascript:alert(1)}{x}$',
          '$<img src=x onerror=alert(1)>$',
          'a[^1] b[^1]',
          '^[inline <b>note</b>]',
          ':tada: :nope: 10:30:00',
          '{#x" onclick="y}',
        ),
      },
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(' '));
const block = fc.oneof(
  { weight: 3, arbitrary: inline },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 7 }), inline).map(([n, t]) => `${'#'.repeat(n)} ${t}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('```', '~~~', '````'),
        fc.constantFrom('', ...LANGS, 'unknown-lang', '<script>', 'js title="<img src=x onerror=1>"', 'js [A"B]'),
        fc.array(text, { maxLength: 6 }),
        fc.boolean(),
      )
      .map(([fence, lang, code, closed]) => `${fence}${lang}\n${code.join('\n')}\n${closed ? fence : ''}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.constantFrom('-', '*', '+', '1.', '2)'), inline), { minLength: 1, maxLength: 10 })
      .map((items) => items.map(([depth, marker, t]) => `${'  '.repeat(depth)}${marker} ${t}`).join('\n')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 8 }), fc.array(fc.array(text, { maxLength: 8 }), { maxLength: 6 }), fc.constantFrom('---', ':--', '--:', ':-:', '-'))
      .map(([cols, rows, align]) => [`|${' h |'.repeat(cols)}`, `|${` ${align} |`.repeat(cols)}`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<svg onload=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<style>body{}</style>',
      '<div\nonclick="x">',
      '<!-- more -->',
      '<details><summary>x</summary>',
      '<object data="x"></object>',
      '<form action="javascript:x"><button formaction="javascript:y">',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('tip', 'info', 'note', 'warning', 'danger', 'code-group', 'unknown', 'tip </p><script>x</script>', 'warning "quoted" & <b>'),
        inline,
        fc.boolean(),
      )
      .map(([kind, t, closed]) => `::: ${kind}\n${t}\n${closed ? ':::' : ''}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '*',
          '_',
          '[',
          ']',
          '`',
          '> ',
          '- ',
          '|',
          '<',
          '&',
          '#',
          '::: tip\n',
          '\\',
          '![',
          '](',
          '<!--',
          '**a',
          '\n\n',
          '1. ',
          '    ',
          '~~~\n',
          '$',
          '[^',
        ),
        fc.integer({ min: 50, max: 2500 }),
      )
      .map(([unit, n]) => unit.repeat(n)),
  },
  { weight: 1, arbitrary: fc.tuple(inline, fc.integer({ min: 1, max: 30 })).map(([t, depth]) => `${'> '.repeat(depth)}${t}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('NOTE', 'tip', 'Important', 'WARNING', 'caution', 'UNKNOWN', 'note] <b>', ''), text, inline, fc.integer({ min: 1, max: 3 }))
      .map(([kind, title, t, depth]) => `${'> '.repeat(depth)}[!${kind}] ${title}\n${'> '.repeat(depth)}${t}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('details', 'details {open}', 'important', 'caution'), text, inline)
      .map(([kind, title, t]) => `::: ${kind} ${title}\n${t}\n:::`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '---',
      '***',
      '<!-- more -->',
      '[r]: javascript:alert(1)',
      '[r]: https://example.com "t"',
      '',
      '[^1]: A *note* with $x$.',
      '$$\n\\int_0^1 \\bad{\n$$',
      '$$ unclosed',
      '[[toc]]',
      '## Heading {#custom}',
    ),
  },
);
const markdownBody = fc.array(block, { maxLength: 12 }).map((blocks) => blocks.join('\n\n'));

const postName = fc
  .tuple(dateParts, fc.oneof(word, text, fc.constantFrom('', '.', '..', 'ünïcödé', '日本語', 'a b', 'a.b', '🚀')), fc.constantFrom('', '1.', '10.'))
  .map(([p, slug, prefix]) => `${prefix}${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}${slug === '' ? '' : `-${slug}`}`);
const segment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'blog',
      'guide',
      'v1',
      'docs',
      '_partials',
      '_drafts',
      'en',
      'fr',
      '1.intro',
      '10.advanced',
      '2.b',
      'index',
      'café',
      '日本語',
      'Ünïcödé',
      '🚀',
      'a b',
      'a.b',
      'x--y',
      '-',
      '_',
      '0',
      '00.zero',
      'CAPS',
    ),
  },
  { weight: 1, arbitrary: word },
  { weight: 1, arbitrary: text.map((t) => t.replace(/[/\0\n\r]/g, '').replace(/^\.+/, '')).filter((t) => t.length > 0) },
);
const ext = fc.constantFrom('.md', '.md', '.md', '.md', '.markdown', '.MD', '.yml', '.yaml', '.json', '.txt', '');
const relPath = fc.oneof(
  { weight: 2, arbitrary: fc.tuple(fc.array(segment, { maxLength: 3 }), postName, ext).map(([dirs, name, e]) => ['blog', ...dirs, `${name}${e}`].join('/')) },
  { weight: 2, arbitrary: fc.tuple(fc.array(segment, { maxLength: 4 }), segment, ext).map(([dirs, name, e]) => [...dirs, `${name}${e}`].join('/')) },
);

/** Text suited to the type of the file: front matter + markdown, YAML, or JSON (often broken). */
const fileText = (rel: string) => {
  const type = contentType(rel);
  if (type === 'json')
    return fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .tuple(
          fc.jsonValue().map((v) => JSON.stringify(v, null, 2)),
          fc.array(mutation, { maxLength: 3 }),
        )
        .map(([t, m]) => mutate(t, m)),
    );
  if (type === 'yaml') return fc.tuple(frontMatterLines, fc.array(mutation, { maxLength: 3 })).map(([lines, m]) => mutate(lines.join('\n'), m));
  return fc.tuple(fc.option(frontMatter), markdownBody).map(([fm, body]) => `${fm ?? ''}${body}`);
};

const run = <T>(arb: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => void) => fc.assert(fc.property(arb, predicate), { seed: SEED, numRuns });

// ---------------------------------------------------------------- properties

describe(`parseDocument fuzz (seed ${SEED}, ${TOTAL} runs in this file)`, () => {
  it(`survives valid front matter mutated by deleting, duplicating and inserting characters (seed ${SEED}, ${RUNS.frontMatter} runs)`, () => {
    const arb = fc.tuple(
      frontMatter,
      fc.array(mutation, { minLength: 1, maxLength: 6 }),
      fc.constantFrom('about.md', 'blog/2020-01-21-post.md', 'guide/1.intro.md'),
      inline,
    );
    run(arb, RUNS.frontMatter, ([fm, mutations, rel, body]) => {
      parseChecked(rel, mutate(fm, mutations) + body);
    });
  });

  it(`reads random keys and values into front matter and document fields (seed ${SEED}, ${RUNS.fields} runs)`, () => {
    run(fc.tuple(frontMatterLines, fc.constantFrom('page.md', 'blog/2021-06-07-x.md', 'blog/notes.md')), RUNS.fields, ([lines, rel]) => {
      const { doc, errors } = parseChecked(rel, `---\n${lines.join('\n')}\n---\nBody.\n`);
      if (doc && !errors.length) {
        expect(doc.frontmatter).toBeTypeOf('object');
        expect(Array.isArray(doc.frontmatter)).toBe(false);
        expect(doc.middleware.every((m) => typeof m === 'string')).toBe(true);
        expect(typeof doc.navigation === 'boolean' || typeof doc.navigation === 'object').toBe(true);
        expect(typeof doc.draft).toBe('boolean');
      }
    });
  });

  it(`accepts real dates and reports impossible ones as SG2002 (seed ${SEED}, ${RUNS.dates} runs)`, () => {
    run(fc.tuple(dateParts, fc.constantFrom('date', 'updated')), RUNS.dates, ([parts, field]) => {
      const { doc, errors } = parseChecked('blog/2020-01-21-post.md', `---\ntitle: T\n${field}: ${formatDate(parts)}\n---\nBody.\n`);
      // Dates with an offset are only checked for the invariants above (see the regressions below).
      if (parts.tz && parts.tz !== 'Z' && parts.time) return;
      const iso = expectedIso(parts);
      if (field === 'date') {
        if (iso) {
          expect(errors).toEqual([]);
          expect(doc?.date).toBe(iso);
          expect(doc?._path).toBe(`/blog/${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}/post`);
        } else {
          expect(errors.map((e) => e.code)).toContain('SG2002');
          expect(errors.find((e) => e.code === 'SG2002')?.location?.line).toBe(3);
        }
      } else if (iso) {
        expect(errors).toEqual([]);
        expect(doc?.updated).toBe(iso);
      } else {
        // An impossible `updated:` must not turn into some other date.
        expect(doc?.updated).toBeUndefined();
      }
    });
  });

  it(`renders hostile markdown without active content (seed ${SEED}, ${RUNS.markdown} runs)`, () => {
    run(fc.tuple(fc.option(frontMatter), markdownBody, fc.boolean()), RUNS.markdown, ([fm, body, rawHtml]) => {
      const { doc } = parseChecked('guide/page.md', `${fm ?? ''}${body}`, rawHtml ? mdHtml : md);
      if (!doc || rawHtml) return;
      expectInert(doc.body!.html, 'body');
      if (doc.excerpt) expectInert(doc.excerpt, 'excerpt');
      for (const link of doc.links) expect(/^\s*(javascript|vbscript):/i.test(link.href), link.href).toBe(false);
    });
  });

  it(`maps odd file paths under content/ to documents (seed ${SEED}, ${RUNS.paths} runs)`, () => {
    const arb = relPath.chain((rel) => fc.tuple(fc.constant(rel), fileText(rel)));
    run(arb, RUNS.paths, ([rel, text]) => {
      const { doc, errors } = parseChecked(rel, text);
      if (!doc) return;
      const stem = rel.replace(/\.[^./]+$/, '');
      expect(doc._stem).toBe(stem);
      expect(doc._partial).toBe(stem.split('/').some((s) => s.startsWith('_')));
      // Routes from `path:` and `slug:` in front matter are covered by the regressions below.
      if (doc.frontmatter.path !== undefined || doc.frontmatter.slug !== undefined) return;
      expect(doc._path).not.toMatch(/\/\/|\s/);
      if (doc.isPost && !errors.length) expect(doc._path).toMatch(/^\/blog\/\d{4}\/\d{2}\/\d{2}\/[^/]+$/);
    });
  });

  it(`never throws on arbitrary text, NUL bytes and lone surrogates included (seed ${SEED}, ${RUNS.anything} runs)`, () => {
    const char = fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: special },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
    );
    const anyText = fc.oneof(
      fc.string({ unit: char, maxLength: 300 }),
      fc
        .tuple(fc.constantFrom('---\n', '---js\n', '---yaml\n', '--- \n', '---\r\n', '\uFEFF---\n'), fc.string({ unit: char, maxLength: 200 }))
        .map(([a, b]) => a + b),
    );
    run(fc.tuple(fc.constantFrom('a.md', 'blog/2020-01-01-a.md', 'd.yml', 'd.json'), anyText), RUNS.anything, ([rel, text]) => {
      // Front matter in another language than YAML is covered by a regression test below.
      if (/^(\uFEFF)?---\s*(js|javascript)\b/i.test(text)) return;
      parseChecked(rel, text);
    });
  });
});

describe(`error locations (seed ${SEED}, ${RUNS.locations} runs)`, () => {
  it(`point inside the file: line 1…last line, column 1…end of that line (seed ${SEED}, ${RUNS.locations} runs)`, () => {
    const mutated = fc
      .tuple(frontMatter, fc.array(mutation, { minLength: 1, maxLength: 4 }), markdownBody)
      .map(([fm, m, body]) => ['page.md', mutate(fm, m) + body] as const);
    const anyFile = relPath.chain((rel) => fc.tuple(fc.constant(rel), fileText(rel)));
    run(fc.oneof(mutated, anyFile), RUNS.locations, ([rel, text]) => {
      parseChecked(rel, text, md, true);
    });
  });
});

// ---------------------------------------------------------------- regressions

describe('parseDocument on inputs found by fuzzing and probing', () => {
  const g = globalThis as { __sitegenEvaluated?: number };

  it('never evaluates front matter written in JavaScript (---js / ---javascript)', () => {
    delete g.__sitegenEvaluated;
    for (const lang of ['js', 'javascript']) {
      const { doc, errors } = parseChecked('a.md', `---${lang}\n{ title: (globalThis.__sitegenEvaluated = 1, "evaluated") }\n---\nbody\n`);
      expect(g.__sitegenEvaluated, `---${lang} front matter was evaluated`).toBeUndefined();
      expect(doc?.title).not.toBe('evaluated');
      expect(errors.map((e) => e.code)).toEqual(['SG2001']);
    }
  });

  it('reports a self-referencing YAML alias as SG2001 instead of throwing', () => {
    const { errors } = parseChecked('a.md', '---\na: &a [*a]\n---\nbody\n');
    expect(errors.map((e) => e.code)).toEqual(['SG2001']);
  });

  it('does not expand YAML aliases exponentially (a 300-byte "billion laughs" front matter)', () => {
    // 8 levels of 9 aliases: 9^8 = 43 million numbers (about 1 s and 800 MB today) from 284 bytes.
    const levels = ['a: &a [1,2,3,4,5,6,7,8,9]'];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const text = `---\n${levels.join('\n')}\n---\nbody\n`;
    expect(text.length).toBeLessThan(300);
    const { doc, errors } = parseChecked('a.md', text); // under a second
    if (errors.some((e) => e.code === 'SG2001')) return; // refusing it is fine
    // Otherwise what reaches the page data and the content API must stay small.
    let nodes = 0;
    const walk = (value: unknown): void => {
      if (++nodes > 100_000) return;
      if (value && typeof value === 'object')
        for (const v of Object.values(value)) {
          walk(v);
          if (nodes > 100_000) return;
        }
    };
    walk(doc!.frontmatter);
    expect(nodes, 'front matter values after alias expansion').toBeLessThanOrEqual(100_000);
  }, 60_000);

  it.each(['2021-02-30T10:00:00+01:00', '"2021-02-30 10:00+01:00"', '2021-02-29T00:00:00-05:00', '2021-04-31T08:00:00+0200'])(
    'reports the impossible date %s (with an offset) as SG2002',
    (date) => {
      const { errors, doc } = parseChecked('page.md', `---\ntitle: T\ndate: ${date}\n---\n`);
      expect(errors.map((e) => e.code)).toEqual(['SG2002']);
      expect(doc?.date).toBeUndefined();
    },
  );

  it.each([
    ['blog/2020-01-21-foo.md', '---\nslug: "../../../../escaped"\n---\n'],
    ['blog/2020-01-21-foo.md', '---\nslug: ..\n---\n'],
    ['blog/2020-01-21-foo.md', '---\nslug: "a b/c?d#e"\n---\n'],
    ['blog/2020-01-01-...md', 'x'],
    ['about.md', '---\npath: /../../escaped\n---\n'],
    ['about.md', '---\npath: /a/./b/../../../c\n---\n'],
  ])('gives %s (%j) a route without dot segments or URL-breaking characters, or reports it', (rel, text) => {
    const { doc, errors } = parseChecked(rel, text);
    if (errors.length) return;
    const segments = doc!._path.split('/').slice(1);
    expect(
      segments.filter((s) => s === '.' || s === '..'),
      doc!._path,
    ).toEqual([]);
    expect(doc!._path).not.toMatch(/[\s?#]/);
  });

  it('keeps <!-- more --> inside a code block as code and does not split the excerpt there', () => {
    const { doc } = parseChecked('a.md', 'Intro.\n\n```md\nFirst\n<!-- more -->\nRest\n```\n\nAfter.\n');
    expect(doc?.excerpt).toBeUndefined();
    expect(doc?.body?.html).toContain('more');
    expect(doc?.body?.html).toContain('After.');
  });

  it('gives every heading a non-empty, unique id, also without ASCII letters', () => {
    const { doc } = parseChecked('a.md', '## !!!\n\n## !!!\n\n## 日本語\n\n## Ελληνικά\n\n## ---\n');
    const headings = parseHtml(doc!.body!.html).querySelectorAll('h2');
    const ids = headings.map((h) => h.getAttribute('id'));
    expect(
      ids.every((id) => typeof id === 'string' && id.length > 0),
      JSON.stringify(ids),
    ).toBe(true);
    // GitHub's rule: letters of every script are kept, dashes are kept as they are.
    expect(ids).toEqual(['section', 'section-1', '日本語', 'ελληνικά', '---']);
    expect(new Set(ids).size).toBe(headings.length);
    expect(doc!.ids).toEqual(ids);
    expect(doc!.body!.toc.links.map((l) => l.id)).toEqual(ids);
  });

  it('gives a duplicated key after an empty value a column inside the line', () => {
    const { errors } = parseChecked('a.md', '---\nindex: \nindex: \n---\n', md, true);
    expect(errors[0]).toMatchObject({ code: 'SG2001', location: { file: 'content/a.md', line: 3, column: 1 } });
  });

  it('points an unterminated quote in front matter without a closing --- at its line', () => {
    const { errors } = parseChecked('a.md', '---\ntitle: "abc', md, true);
    expect(errors[0]).toMatchObject({ code: 'SG2001', location: { file: 'content/a.md', line: 2, column: 8 } });
  });

  it('points a NUL byte in front matter at its line', () => {
    const { errors } = parseChecked('a.md', '---\ntitle: a\u0000b\n---\n');
    expect(errors[0]).toMatchObject({ code: 'SG2001', location: { file: 'content/a.md', line: 2, column: 9 } });
  });

  it('points an unterminated single quote at the line where it was opened', () => {
    const { errors } = parseChecked('a.md', "---\ntitle: T\ndescription: 'unterminated\nlayout: doc\n---\nBody\n");
    expect(errors[0]).toMatchObject({ code: 'SG2001', location: { file: 'content/a.md', line: 3, column: 14 } });
  });

  it('locates YAML data file errors on the line of the file, with a frame of the file itself', () => {
    const { errors } = parseChecked('data/settings.yml', 'title: "Settings\n');
    expect(errors[0]).toMatchObject({ code: 'SG2006', location: { file: 'content/data/settings.yml', line: 1, column: 8 } });
    expect(errors[0].frame).toContain('> 1 | title: "Settings');
    expect(errors[0].frame).not.toContain('---');
    expect(errors[0].hint).not.toMatch(/front matter/i);
  });
});
