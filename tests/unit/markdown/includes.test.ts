/** Includes through the real parse: markdown parts, code snippets, regions, line ranges, and every way an include fails. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/content/parse.ts';
import { projectScope } from '../../../src/content/scope.ts';
import type { ParseResult } from '../../../src/content/types.ts';
import { createMarkdown } from '../../../src/markdown/index.ts';

let root: string;
const md = createMarkdown();
const options = { blogDir: 'blog', locales: [], defaultLocale: 'en', markdown: { html: false } };

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

function parseDoc(rel: string, text: string): ParseResult & { page: HTMLElement } {
  write(`content/${rel}`, text);
  const scope = projectScope({
    root,
    publicDir: join(root, 'site/public'),
    contentDir: join(root, 'content'),
    cacheDir: join(root, '.sitegen-cache'),
    outDir: join(root, 'dist'),
  });
  const result = parseDocument({ file: join(root, 'content', rel), rel, display: `content/${rel}` }, text, md, options, true, undefined, scope);
  return { ...result, page: parse(result.doc?.body?.html ?? '', { blockTextElements: { script: true, style: true } }) };
}

const problems = (result: ParseResult) => result.errors.map((e) => `${e.code} ${e.location?.file}:${e.location?.line} ${e.message}`);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'sitegen-includes-'));
  write('content/parts/setup.md', '## Install the agent\n\nRun [the installer](/download).\n');
  write('content/parts/regions.md', 'Before.\n\n<!-- #region steps -->\n1. Sign in\n2. Create a channel\n<!-- #endregion steps -->\n\nAfter.\n');
  write('content/parts/lines.md', 'one\n\ntwo\n\nthree\n\nfour\n');
  write('content/parts/loop-a.md', 'A\n\n<!--@include: ./loop-b.md-->\n');
  write('content/parts/loop-b.md', 'B\n\n<!--@include: ./loop-a.md-->\n');
  write(
    'snippets/verify.js',
    "import { createHmac } from 'node:crypto';\n// #region sign\nconst sig = createHmac('sha256', secret).update(body).digest('hex');\n// #endregion sign\nexport { sig };\n",
  );
  write('.env', 'SECRET=hunter2\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('markdown includes', () => {
  it('parses an included part in place: its heading gets an id, its links count, and it is a dependency', () => {
    const result = parseDoc('guide.md', '# Guide\n\nIntro.\n\n<!--@include: ./parts/setup.md-->\n\nOutro.\n');
    expect(problems(result)).toEqual([]);
    const heading = result.page.querySelector('h2');
    expect(heading?.id).toBe('install-the-agent');
    expect(result.page.querySelectorAll('p').map((p) => p.text)).toEqual(['Intro.', 'Run the installer.', 'Outro.']);
    expect(result.doc?.links).toContainEqual({ href: '/download', line: 5 });
    expect(result.doc?.ids).toContain('install-the-agent');
    expect(Object.keys(result.deps ?? {})).toEqual(['content/parts/setup.md']);
  });

  it('includes a region or a line range of a part, with `@/` from the content folder', () => {
    const region = parseDoc('region.md', '<!--@include: @/parts/regions.md#steps-->\n');
    expect(region.page.querySelectorAll('li').map((li) => li.text)).toEqual(['Sign in', 'Create a channel']);
    expect(region.page.text).not.toContain('Before');
    const lines = parseDoc('lines.md', '<!--@include: ./parts/lines.md{3,5}-->\n');
    expect(lines.page.querySelectorAll('p').map((p) => p.text)).toEqual(['two', 'three']);
  });

  it('shows a code file as a fence: its language from the extension, a region, a title and highlighted lines', () => {
    const result = parseDoc('code.md', '<<< ../snippets/verify.js#sign{1} [verify.js]\n');
    expect(problems(result)).toEqual([]);
    const block = result.page.querySelector('.code-block');
    expect(block?.getAttribute('data-lang')).toBe('js');
    expect(block?.querySelectorAll('.line.highlighted').length).toBe(1);
    expect(block?.querySelector('.code-lang')?.text).toBe('verify.js');
    expect(block?.querySelector('code')?.text.trim()).toBe("const sig = createHmac('sha256', secret).update(body).digest('hex');");
    expect(Object.keys(result.deps ?? {})).toEqual(['snippets/verify.js']);
  });

  it('reports a missing file, a missing region and a cycle at the include line, and records the missing file', () => {
    const result = parseDoc(
      'broken.md',
      '---\ntitle: Broken\n---\n\n<!--@include: ./parts/nope.md-->\n\n<!--@include: ./parts/regions.md#nowhere-->\n\n<!--@include: ./parts/loop-a.md-->\n',
    );
    expect(problems(result)).toEqual([
      'SG2014 content/broken.md:5 Cannot include "./parts/nope.md": content/parts/nope.md does not exist',
      'SG2014 content/broken.md:7 content/parts/regions.md has no region "nowhere"',
      'SG2014 content/broken.md:9 Include cycle: content/broken.md → content/parts/loop-a.md → content/parts/loop-b.md → content/parts/loop-a.md',
    ]);
    expect(result.deps?.['content/parts/nope.md']).toBe('');
  });

  it('reports a line range that selects nothing: backwards, from 0, or past the end of the file', () => {
    const result = parseDoc(
      'ranges.md',
      '<!--@include: ./parts/lines.md{5,3}-->\n\n<!--@include: ./parts/lines.md{0,2}-->\n\n<!--@include: ./parts/lines.md{40,}-->\n\n<!--@include: ./parts/lines.md{7,}-->\n',
    );
    expect(problems(result)).toEqual([
      'SG2014 content/ranges.md:1 The lines {5,3} of content/parts/lines.md run backwards',
      'SG2014 content/ranges.md:3 The lines {0,2} of content/parts/lines.md start at 0',
      'SG2014 content/ranges.md:5 The lines {40,} start after the end of content/parts/lines.md, which has 8 lines',
    ]);
    expect(result.page.querySelectorAll('p').map((p) => p.text)).toEqual(['four']);
  });

  it('never reads outside the project, hidden files or links that lead out', () => {
    const outside = mkdtempSync(join(tmpdir(), 'sitegen-outside-'));
    writeFileSync(join(outside, 'secret.md'), 'TOP SECRET');
    symlinkSync(join(outside, 'secret.md'), join(root, 'content/parts/linked.md'));
    try {
      const result = parseDoc(
        'escape.md',
        `<!--@include: ../../${outside.split('/').pop()}/secret.md-->\n\n<<< /etc/passwd\n\n<<< ../.env\n\n<!--@include: ./parts/linked.md-->\n`,
      );
      expect(result.doc?.body?.html).not.toContain('SECRET');
      expect(result.doc?.body?.html).not.toContain('root:');
      expect(problems(result).map((p) => p.replace(/".*?"/, '"…"'))).toEqual([
        'SG2014 content/escape.md:1 Cannot include "…": it is outside the project',
        'SG2014 content/escape.md:3 Cannot include "…": absolute paths are not allowed',
        'SG2014 content/escape.md:5 Cannot include "…": it is in a hidden folder or is a hidden file',
        'SG2014 content/escape.md:7 Cannot include "…": it is outside the project',
      ]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('leaves the directive as text where no project is known, and gives the same hash when nothing is included', () => {
    const text = '<!--@include: ./parts/setup.md-->\n';
    const bare = parseDocument({ file: join(root, 'content/x.md'), rel: 'x.md', display: 'content/x.md' }, text, md, options);
    expect(bare.doc?.body?.html).toContain('@include');
    const plain = parseDoc('plain.md', 'Just text.\n');
    expect(plain.deps).toBeUndefined();
  });
});
