/**
 * The Ferrygate site, built through the real CLI: every page titled and described, every link
 * and anchor resolving, the content counts of the plan, no duplicates and no placeholders.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, html, listFiles, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let out: string;
let result: CliResult;
let pages: string[];

const docs = (pattern: string) => fg.sync(pattern, { cwd: join(ROOT, 'content') }).sort();
const frontMatter = (rel: string) => matter(readFileSync(join(ROOT, 'content', rel), 'utf8'));
const wordCount = (text: string) =>
  text
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  result = await runCli(['build', '--out', out]);
  pages = listFiles(out).filter((f) => f.endsWith('.html') && !html(out, f).querySelector('meta[http-equiv="refresh"]'));
}, 180_000);
afterAll(() => remove(join(out, '..')));

describe('the Ferrygate site build', () => {
  it('builds with no problems and no warnings', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('gives every page a title and a description', () => {
    for (const file of pages) {
      const doc = html(out, file);
      expect(doc.querySelector('title')?.text.trim(), file).toBeTruthy();
      expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')?.trim(), file).toBeTruthy();
    }
  });

  it('gives no two pages the same title', () => {
    const titles = new Map<string, string>();
    for (const file of pages.filter((f) => f !== '404.html')) {
      const title = html(out, file).querySelector('title')!.text;
      expect(titles.get(title), `${file} repeats the title of ${titles.get(title)}`).toBeUndefined();
      titles.set(title, file);
    }
  });

  it('contains no placeholder text', () => {
    for (const file of pages) {
      const doc = html(out, file);
      const text = (doc.querySelector('#__sitegen') ?? doc.querySelector('body'))!.text; // 500.html has no runtime root
      expect(text, file).not.toMatch(/\blorem\b|\bTODO\b|coming soon|\bTBD\b/i);
    }
  });
});

describe('the content of the plan', () => {
  const authors = JSON.parse(readFileSync(join(ROOT, 'site/data/authors.json'), 'utf8')) as Record<string, unknown>;

  it('has 45 posts, 2019–2026, with valid dates and known authors', () => {
    const posts = docs('blog/*.md');
    expect(posts).toHaveLength(45);
    const years = new Map<string, number>();
    for (const rel of posts) {
      const { data, content } = frontMatter(rel);
      const date = new Date(String(data.date).replace(' ', 'T') + 'Z');
      expect(Number.isNaN(date.getTime()), rel).toBe(false);
      expect(rel.startsWith(`blog/${date.toISOString().slice(0, 10)}-`), rel).toBe(true);
      expect(Object.keys(authors), rel).toContain(data.author);
      expect(data.categories?.length, rel).toBeGreaterThan(0);
      expect(data.tags?.length, rel).toBeGreaterThan(0);
      expect(wordCount(content), rel).toBeGreaterThanOrEqual(400);
      years.set(String(date.getUTCFullYear()), (years.get(String(date.getUTCFullYear())) ?? 0) + 1);
    }
    expect([...years.keys()].sort()).toEqual(['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026']);
  });

  it('has the guide, platform, tutorials and installation pages', () => {
    expect(docs('v1/guide/*.md')).toHaveLength(8);
    expect(docs('v1/platform.md')).toHaveLength(1);
    expect(docs('v1/tutorials/*.md')).toHaveLength(13);
    expect(docs('v1/installation/*.md').map((f) => f.split('/').pop())).toEqual([
      'ci.md',
      'docker.md',
      'home-assistant.md',
      'index.md',
      'kubernetes.md',
      'linux.md',
      'macos.md',
      'raspberry-pi.md',
      'windows.md',
    ]);
  });

  it('has eight example categories with an index and three examples each', () => {
    expect(docs('v1/examples/index.md')).toHaveLength(1);
    const categories = ['auth', 'custom-domains', 'data-warehouse', 'functions', 'iot', 'local-dev', 'transform', 'tunnels'];
    expect([...new Set(docs('v1/examples/*/*.md').map((f) => f.split('/')[2]))]).toEqual(categories);
    for (const category of categories) {
      const files = docs(`v1/examples/${category}/*.md`);
      expect(
        files.filter((f) => !f.endsWith('/index.md')),
        category,
      ).toHaveLength(3);
      expect(
        files.some((f) => f.endsWith('/index.md')),
        category,
      ).toBe(true);
    }
  });

  it('gives every doc its front matter and at least 300 words (indexes link every child)', () => {
    for (const rel of docs('v1/**/*.md')) {
      const { data, content } = frontMatter(rel);
      for (const key of ['title', 'description', 'section', 'level']) expect(data[key], `${rel}: ${key}`).toBeTruthy();
      if (rel.endsWith('/index.md')) {
        const folder = rel.replace(/index\.md$/, '');
        for (const child of docs(`${folder}*.md`).filter((f) => f !== rel)) {
          expect(content, `${rel} links ${child}`).toContain(`(/${child.replace(/\.md$/, '')}`);
        }
      } else {
        expect(wordCount(content), rel).toBeGreaterThanOrEqual(300);
      }
    }
  });

  it('has the /home-assistant and /download/index.html pages', () => {
    expect(html(out, 'home-assistant/index.html').querySelector('h1')).not.toBeNull();
    expect(html(out, 'download/index.html').text).toContain('3.4.2');
  });

  it('redirects old .html doc links to their pages', () => {
    const page = html(out, 'v1/guide/tunnels.html');
    expect(page.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=/v1/guide/tunnels');
  });
});
