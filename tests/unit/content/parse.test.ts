import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import matter from 'gray-matter';
import { MATTER_OPTIONS, splitFrontMatter } from '../../../src/content/front-matter.ts';
import { countText, parseDocument, parseDate, readingMinutes } from '../../../src/content/parse.ts';
import { createMarkdown } from '../../../src/markdown/index.ts';
import type { ParseOptions, SourceFile } from '../../../src/content/types.ts';

const md = createMarkdown();
const options: ParseOptions = { blogDir: 'blog', locales: [], defaultLocale: 'en', markdown: { html: false } };
const source = (rel: string): SourceFile => ({ file: `/site/content/${rel}`, rel, display: `content/${rel}` });
const parse = (rel: string, text: string, opts = options) => parseDocument(source(rel), text, md, opts);

describe('parseDocument', () => {
  it('derives every document field', () => {
    const { doc, errors } = parse('v1/guide/2.tunnels.md', '---\ntitle: Tunnels\ndescription: D\nlayout: doc\n---\n\nIntro.\n');
    expect(errors).toEqual([]);
    expect(doc).toMatchObject({
      _id: 'content:v1:guide:2.tunnels.md',
      _stem: 'v1/guide/2.tunnels',
      _path: '/v1/guide/tunnels',
      _dir: 'guide',
      _partial: false,
      _type: 'markdown',
      title: 'Tunnels',
      description: 'D',
      layout: 'doc',
      navigation: true,
      draft: false,
    });
    expect(doc).not.toHaveProperty('_locale');
  });

  it('gives blog posts a dated permalink', () => {
    const { doc } = parse('blog/2020-01-21-foo.md', '---\ntitle: Foo\ndate: "2020-01-21 10:30:00"\n---\nBody\n');
    expect(doc?._path).toBe('/blog/2020/01/21/foo');
    expect(doc?.date).toBe('2020-01-21T10:30:00.000Z');
    expect(doc?.isPost).toBe(true);
  });

  it('prefers a slug from front matter', () => {
    const { doc } = parse('blog/2020-01-21-foo.md', '---\ntitle: Foo\nslug: bar\n---\nBody\n');
    expect(doc?._path).toBe('/blog/2020/01/21/bar');
  });

  it('reports a post without a slug', () => {
    const { errors } = parse('blog/2020-01-21.md', '---\ntitle: Foo\n---\nBody\n');
    expect(errors.map((e) => e.code)).toEqual(['SG2004']);
  });

  it('reports an invalid date with its line', () => {
    const { errors } = parse('blog/2020-01-21-foo.md', '---\ntitle: Foo\ndate: 2020-13-45\n---\nBody\n');
    expect(errors[0]).toMatchObject({ code: 'SG2002', location: { file: 'content/blog/2020-01-21-foo.md', line: 3 } });
  });

  it('reports bad front matter with file, line and a code frame', () => {
    const { doc, errors } = parse('about.md', '---\ntitle: About\ndescription: "unclosed\nlayout: content\n---\nBody\n');
    expect(doc).toBeUndefined();
    expect(errors[0].code).toBe('SG2001');
    expect(errors[0].location?.file).toBe('content/about.md');
    expect(errors[0].location).toEqual({ file: 'content/about.md', line: 3, column: 14 });
    expect(errors[0].frame).toContain('> 3 | description: "unclosed');
  });

  it('reports front matter that is a list or a single value, not key: value pairs, at line 1', () => {
    const cases: [string, string][] = [
      ['---\n- a\n- b\n---\nbody\n', 'a list'],
      ['---\njust a string\n---\nbody\n', 'a single text'],
      ['---\n42\n---\nbody\n', 'a single number'],
      ['---json\n["a"]\n---\nbody\n', 'a list'],
    ];
    for (const [text, kind] of cases) {
      const { doc, errors } = parse('listed.md', text);
      expect(doc, text).toBeUndefined();
      expect(errors, text).toEqual([
        expect.objectContaining({
          code: 'SG2001',
          message: `Invalid front matter: it is ${kind}, not \`key: value\` pairs`,
          location: { file: 'content/listed.md', line: 1 },
          hint: expect.stringContaining('Front matter must be `key: value` pairs'),
        }),
      ]);
    }
    // Empty front matter, or only a comment, is no front matter.
    expect(parse('empty.md', '---\n# nothing yet\n---\nbody\n').errors).toEqual([]);
    expect(parse('null.md', '---\n~\n---\nbody\n').errors).toEqual([]);
  });

  it("reads Hugo's TOML front matter between +++ lines, not as body text", () => {
    const text = '+++\ntitle = "Hugo TOML"\ntags = ["a", "b"]\n[params]\nshow = true\n+++\nHugo body with [a link](/x).\n';
    const { doc, errors } = parse('hugo.md', text);
    expect(errors).toEqual([]);
    expect(doc).toMatchObject({ title: 'Hugo TOML', frontmatter: { title: 'Hugo TOML', tags: ['a', 'b'], params: { show: true } } });
    expect(doc?.body?.html).toBe('<p>Hugo body with <a href="/x">a link</a>.</p>\n');
    expect(doc?.links[0]).toMatchObject({ href: '/x', line: 7 });
    // `---toml` and `---json` name their language after the first fence, as gray-matter reads them.
    expect(parse('t.md', '---toml\ntitle = "T"\n---\nBody\n').doc?.title).toBe('T');
    expect(parse('j.md', '---json\n{ "title": "J" }\n---\nBody\n').doc?.title).toBe('J');
  });

  it('reads TOML dates as it reads the same dates in YAML', () => {
    const dates = ['2024-01-02', '2024-01-02T10:00:00Z', '2024-01-02T10:00:00.250+02:00', '2024-01-02T10:00:00', '2024-01-02 10:00:00Z'];
    for (const date of dates) {
      const toml = parse('blog/post.md', `+++\ntitle = "P"\ndate = ${date}\n+++\nBody\n`);
      const yaml = parse('blog/post.md', `---\ntitle: P\ndate: ${date}\n---\nBody\n`);
      expect(toml.errors, date).toEqual([]);
      expect(toml.doc?.date, date).toBe(yaml.doc?.date);
      expect(toml.doc?._path, date).toBe(yaml.doc?._path);
    }
    // A day the month lacks, a month 13 or an hour 24 is SG2002 at its line, as in YAML (smol-toml would read
    // 2024-02-30 as March 1); the same text in a string is only text.
    for (const date of ['2024-02-30', '2023-02-29T10:00:00Z', '2024-13-01', '2024-01-02T24:00:00Z']) {
      const { errors } = parse('blog/post.md', `+++\ntitle = "P"\nnote = "${date}"\ndate = ${date}\n+++\nBody\n`);
      expect(errors, date).toEqual([
        expect.objectContaining({ code: 'SG2002', message: `Invalid date "${date}"`, location: { file: 'content/blog/post.md', line: 4 } }),
      ]);
    }
  });

  it('reports a TOML syntax error as SG2001 with its line, column and a TOML hint', () => {
    const { doc, errors } = parse('hugo.md', '+++\ntitle = "Hugo"\ndescription = unquoted\n+++\nBody\n');
    expect(doc).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'SG2001',
        message: 'Invalid front matter: invalid TOML: invalid value',
        location: { file: 'content/hugo.md', line: 3, column: 15 },
        hint: expect.stringContaining('TOML front matter is `key = value` lines between two `+++` lines'),
      }),
    ]);
    expect(errors[0].frame).toContain('> 3 | description = unquoted');
    // The same with Windows line ends, and a `+++` that nothing closes.
    expect(parse('hugo.md', '+++\r\ntitle = "Hugo"\r\ndescription = unquoted\r\n+++\r\nBody\r\n').errors[0].location).toEqual({
      file: 'content/hugo.md',
      line: 3,
      column: 15,
    });
    expect(parse('open.md', '+++\ntitle = "Hugo"\n\nBody\n').errors[0]).toMatchObject({
      code: 'SG2001',
      message: 'Invalid front matter: the `+++` on line 1 opens TOML front matter, but no `+++` line closes it',
      location: { file: 'content/open.md', line: 1 },
    });
  });

  it('splits the excerpt at <!-- more --> and removes the marker', () => {
    const { doc } = parse('post.md', '---\ntitle: P\n---\nFirst paragraph.\n\n<!-- more -->\n\nSecond.\n');
    expect(doc?.excerpt).toBe('<p>First paragraph.</p>\n');
    expect(doc?.body?.html).toContain('<p>Second.</p>');
    expect(doc?.body?.html).not.toContain('more');
  });

  it('builds a nested TOC with stable, unique heading ids', () => {
    const { doc } = parse('a.md', '## Step 1: Install\n\n### On Linux\n\n## Step 1: Install\n');
    expect(doc?.body?.toc.links).toEqual([
      { id: 'step-1-install', depth: 2, text: 'Step 1: Install', children: [{ id: 'on-linux', depth: 3, text: 'On Linux' }] },
      { id: 'step-1-install-1', depth: 2, text: 'Step 1: Install' },
    ]);
  });

  it('records links with their source line (front matter counted)', () => {
    const { doc } = parse('a.md', '---\ntitle: A\n---\n\nSee [b](/b#x).\n');
    expect(doc?.links).toEqual([{ href: '/b#x', line: 5 }]);
  });

  it('escapes raw HTML by default', () => {
    const { doc } = parse('a.md', '<script>alert(1)</script>\n');
    expect(doc?.body?.html).not.toContain('<script>');
    expect(doc?.body?.html).toContain('&lt;script&gt;');
  });

  it('does not turn javascript: and data: URLs into links', () => {
    const { doc } = parse('a.md', '[x](javascript:alert(1)) [y](data:text/html;base64,PHNjcmlwdD4=)\n');
    expect(doc?.body?.html).not.toContain('href');
  });

  it('marks partials, drafts and hidden navigation', () => {
    expect(parse('_partials/x.md', 'x').doc?._partial).toBe(true);
    expect(parse('x.md', '---\ndraft: true\nnavigation: false\n---\nx').doc).toMatchObject({ draft: true, navigation: false });
  });

  it('adds the default locale when locales are configured', () => {
    const opts = { ...options, locales: ['en', 'de'], defaultLocale: 'en' };
    expect(parse('de/about.md', 'x', opts).doc?._locale).toBe('de');
    expect(parse('about.md', 'x', opts).doc?._locale).toBe('en');
  });

  it('reads yaml and json documents as data', () => {
    expect(parse('data/team.yml', 'title: Team\nsize: 12\n').doc).toMatchObject({ _type: 'yaml', title: 'Team', frontmatter: { size: 12 }, body: null });
    expect(parse('data/team.json', '{"title":"Team"}').doc).toMatchObject({ _type: 'json', title: 'Team' });
  });

  it('reports invalid JSON with its line', () => {
    const { errors } = parse('data/bad.json', '{\n  "a": 1,\n}\n');
    expect(errors[0].code).toBe('SG2006');
    expect(errors[0].location?.line).toBe(3);
  });

  it('highlights fenced code with shiki and shows the language', () => {
    const { doc } = parse('a.md', '```bash\nferry login\n```\n');
    expect(doc?.body?.html).toContain('<div class="code-block" data-lang="bash">');
    expect(doc?.body?.html).toContain('class="shiki');
  });
});

describe('splitFrontMatter', () => {
  // gray-matter handed the whole document, as parse.ts did before it handed it the block only.
  const whole = (text: string) => {
    try {
      const { data, content } = matter(text, MATTER_OPTIONS);
      return { data, content };
    } catch (error) {
      return { error: String(error) };
    }
  };
  const split = (text: string) => {
    try {
      return splitFrontMatter(text);
    } catch (error) {
      return { error: String(error) };
    }
  };

  it('gives what gray-matter gives for the whole document', () => {
    const cases = [
      '',
      'no front matter\n',
      '\uFEFFno front matter',
      '---\ntitle: A\n---\nBody\n',
      '\uFEFF---\ntitle: A\n---\n\nBody',
      '---\r\ntitle: A\r\n---\r\nBody\r\n',
      '---\ntitle: A\n---',
      '---\ntitle: A\n',
      '----\ntitle: A\n----\nBody',
      '---\n---\nBody',
      '---\n# only a comment\n---\nBody',
      '---yaml\ntitle: A\n---\nBody',
      '---\ntitle: A\n---- not a close\n---\nBody',
      '---\ntitle: [unclosed\n---\nBody',
      '---\ntitle: A\n---\n---\nmore: 1\n---\n',
      ' ---\ntitle: A\n---\n',
    ];
    for (const text of cases) expect(split(text), JSON.stringify(text)).toEqual(whole(text));
  });

  it('reads +++ front matter as TOML only when +++ is alone on the first line', () => {
    expect(splitFrontMatter('+++\ntitle = "A"\n+++\nBody\n')).toEqual({ data: { title: 'A' }, content: 'Body\n' });
    expect(splitFrontMatter('\uFEFF+++  \r\ntitle = "A"\r\n+++\r\n\r\nBody')).toEqual({ data: { title: 'A' }, content: '\r\nBody' });
    expect(splitFrontMatter('+++\n+++\nBody')).toEqual({ data: {}, content: 'Body' });
    expect(splitFrontMatter('+++\ntitle = "A"\n+++')).toEqual({ data: { title: 'A' }, content: '' });
    expect(splitFrontMatter('++++\ntitle = "A"\n++++\nBody')).toEqual({ data: {}, content: '++++\ntitle = "A"\n++++\nBody' });
    expect(splitFrontMatter('+++ more\nBody')).toEqual({ data: {}, content: '+++ more\nBody' });
  });

  it('agrees with gray-matter on generated documents', () => {
    const part = fc.constantFrom('---', '----', '\n', '\r\n', '\r', 'title: x', 'n: 1', '# c', ' ', 'body', '\uFEFF', 'yaml', ':');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(split(text)).toEqual(whole(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseDate', () => {
  it('accepts dates and date-times as UTC', () => {
    expect(parseDate('2019-01-15')).toBe('2019-01-15T00:00:00.000Z');
    expect(parseDate('2019-01-15 09:00:00')).toBe('2019-01-15T09:00:00.000Z');
    expect(parseDate(new Date('2019-01-15T09:00:00Z'))).toBe('2019-01-15T09:00:00.000Z');
  });
  it('rejects impossible dates', () => {
    expect(parseDate('2019-02-30')).toBeUndefined();
    expect(parseDate('yesterday')).toBeUndefined();
  });
  it('reads offsets, and leap days only in leap years', () => {
    expect(parseDate('2024-03-01T01:30+05:30')).toBe('2024-02-29T20:00:00.000Z');
    expect(parseDate('2024-01-01 00:00:00-0800')).toBe('2024-01-01T08:00:00.000Z');
    expect(parseDate('2000-02-29')).toBe('2000-02-29T00:00:00.000Z');
    expect(parseDate('1900-02-29')).toBeUndefined();
    expect(parseDate('2023-02-29')).toBeUndefined();
  });
  it('agrees with Date itself on every field, in range or not', () => {
    // The rules as Date applies them: the calendar day must round-trip through Date.UTC, the
    // whole string must parse.
    const reference = (value: string): string | undefined => {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
      if (!m) return undefined;
      const [, y, mo, d, h = '00', mi = '00', s = '00', tz = 'Z'] = m;
      const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
      if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined;
      if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
      const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${tz.length === 5 ? `${tz.slice(0, 3)}:${tz.slice(3)}` : tz}`);
      return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    let checked = 0;
    for (const year of [0, 99, 100, 999, 1900, 1970, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          for (const time of ['', ' 00:00', 'T23:59:59', 'T24:00', 'T12:60', 'T05:06:07Z', 'T05:06+05:30', ' 05:06:07-0800', 'T05:06+24:00']) {
            const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}${time}`;
            expect(parseDate(value), value).toBe(reference(value));
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(11 * 14 * 33 * 9);
  });
});

describe('countText', () => {
  it('counts what splitting on JavaScript whitespace counts', () => {
    const spaces = [
      ' ',
      '\t',
      '\n',
      '\r',
      '\v',
      '\f',
      '\u00a0',
      '\u1680',
      '\u2000',
      '\u200a',
      '\u2028',
      '\u2029',
      '\u202f',
      '\u205f',
      '\u3000',
      '\ufeff',
      '\u200b',
      '\u180e',
    ];
    const reference = (text: string) => text.split(/\s+/).filter(Boolean).length;
    for (const text of ['', ' ', 'one', ' two  words ', 'a\u00a0b\u3000c\u200bd', ...spaces.map((s) => `x${s}y`)])
      expect(countText(text), JSON.stringify(text)).toEqual({ words: reference(text), cjk: 0 });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...spaces), fc.string({ maxLength: 4 }))),
        (parts) => countText(parts.join('')).words === reference(parts.join('')),
      ),
      { numRuns: 500 },
    );
  });

  it('counts each Han or kana character as a word, and CJK punctuation as none', () => {
    expect(countText('これは日本語です。')).toEqual({ words: 0, cjk: 8 });
    expect(countText('静的サイト generator の話、「二つ」')).toEqual({ words: 1, cjk: 9 });
    // A supplementary ideograph (a surrogate pair) is one character; Hangul is spaced, counted as words.
    expect(countText('𠮷野家 한국어 문장')).toEqual({ words: 2, cjk: 3 });
  });
});

describe('readingMinutes', () => {
  it('reads spaced words at 220 a minute and CJK characters at 500, at least one minute', () => {
    expect(readingMinutes({ words: 0, cjk: 0 })).toBe(1);
    expect(readingMinutes({ words: 2200, cjk: 0 })).toBe(10);
    expect(readingMinutes({ words: 0, cjk: 3000 })).toBe(6);
  });
});
