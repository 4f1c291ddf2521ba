/**
 * Bad content that used to pass silently or crash: each is a problem with its code, file and
 * line, in `sitegen build` (exit 1 for errors, a `warning` line for warnings, reported again by
 * a second build that reads the document cache) and in `sitegen dev`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { copyFixture, devEvents, html, read, remove, runCli, waitFor } from '../helpers.ts';

let site: string | undefined;
let dev: DevServer | undefined;

afterEach(async () => {
  await dev?.close();
  if (site) remove(site);
  dev = site = undefined;
});

function write(file: string, data: string | Uint8Array): void {
  const path = join(site!, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

async function build() {
  const result = await runCli(['build', '--root', site!]);
  return { ...result, output: `${result.stdout}\n${result.stderr}` };
}

/** Add to the fixture's site config (before its `theme:` key). */
function configure(text: string): void {
  const file = join(site!, 'site/config.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace('  theme: {', `${text}\n  theme: {`));
}

/** Replace the fixture config's route rules. */
function rules(text: string): void {
  const file = join(site!, 'site/config.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n {2}routeRules: (\{\n[\s\S]*?\n {2}\}|.*),\n/, `\n  routeRules: ${text},\n`));
}

describe('bad content input', () => {
  it('F12 a route where sitegen writes its own files is SG3007 in every build, and the build manifest stays a file', async () => {
    site = copyFixture('basic');
    expect((await build()).code).toBe(0);
    write('content/latest.md', '---\ntitle: Latest\npath: /_sitegen/builds/latest.json\n---\n\nHello.\n');
    write('content/feed.md', '---\ntitle: Feed\npath: /blog/feed.xml\n---\n\nHello.\n');
    write('content/payload.md', '---\ntitle: Payload\npath: /guide/_payload.json\n---\n\nHello.\n');
    write('content/api.md', '---\ntitle: Api\npath: /API/_content/query\n---\n\nHello.\n');
    write('content/island.md', '---\ntitle: Island\npath: /__island/Counter_x.json\n---\n\nHello.\n');
    write('content/redirects.md', '---\ntitle: Redirects\npath: /_redirects\n---\n\nHello.\n');
    // By its file location: content/sitemap.xml.md is the route /sitemap.xml.
    write('content/sitemap.xml.md', '---\ntitle: Sitemap\n---\n\nHello.\n');
    // Two edit+build cycles, then a cold build: the same problems each time.
    for (const cycle of [1, 2, 3]) {
      if (cycle === 2) write('content/latest.md', '---\ntitle: Latest again\npath: /_sitegen/builds/latest.json\n---\n\nHello again.\n');
      if (cycle === 3) rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
      const result = await build();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('✗ content/latest.md:3 [SG3007] Route reserved for sitegen');
      expect(result.stderr).toContain('Route /_sitegen/builds/latest.json is reserved: sitegen writes its own files under /_sitegen/');
      expect(result.stderr).toContain('✗ content/feed.md:3 [SG3007]');
      expect(result.stderr).toContain('✗ content/payload.md:3 [SG3007]');
      expect(result.stderr).toContain('✗ content/api.md:3 [SG3007]');
      expect(result.stderr).toContain('✗ content/island.md:3 [SG3007]');
      expect(result.stderr).toContain('✗ content/redirects.md:3 [SG3007]');
      expect(result.stderr).toContain('✗ content/sitemap.xml.md [SG3007] Route reserved for sitegen');
      expect(result.stderr).toContain('hint: Give it another route');
      expect(result.stderr).not.toContain('ENOTDIR');
      expect(result.stderr).not.toContain('EISDIR');
      expect(statSync(join(site, 'dist/_sitegen/builds/latest.json')).isFile()).toBe(true);
      expect(JSON.parse(read(site, 'dist/_sitegen/builds/latest.json')).id).toMatch(/^[0-9a-f]{12}$/);
    }
  });

  it('F13 an impossible date in a post\'s file name is SG2002 with the file and a hint, never "Invalid time value"', async () => {
    site = copyFixture('basic');
    write('content/blog/2023-02-30-bad.md', '---\ntitle: Bad day\n---\n\nBody.\n');
    write('content/blog/2023-13-45-worse.md', '---\ntitle: Worse day\n---\n\nBody.\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '✗ content/blog/2023-02-30-bad.md:1 [SG2002] Invalid date\n  Invalid date 2023-02-30 in the file name\n  hint: That day does not exist',
    );
    expect(result.stderr).toContain('✗ content/blog/2023-13-45-worse.md:1 [SG2002] Invalid date\n  Invalid date 2023-13-45 in the file name');
    expect(result.output).not.toContain('Invalid time value');
    expect(result.output).not.toContain('SG6001');
  });

  it('F13 with dates only warned about, a post without a valid date never reaches the built-in blog index or the feed', async () => {
    site = copyFixture('basic');
    // No blog page of the site's own: the theme's listing (site/blog.ts) formats every post's date.
    rmSync(join(site, 'site/pages/blog.tsx'));
    configure("  checks: { dates: 'warn' },");
    write('content/blog/2023-02-30-bad.md', '---\ntitle: Bad day\n---\n\nBody.\n');
    const result = await build();
    expect(result.output).not.toContain('Invalid time value');
    expect(result.stderr).toContain('warning content/blog/2023-02-30-bad.md:1 [SG2002] Invalid date 2023-02-30 in the file name');
    expect(result.code).toBe(0);
    const listing = html(site, 'dist/blog/index.html');
    expect(listing.querySelectorAll('.post-card-title a').map((a) => a.text)).toEqual(['Second post', 'Hello world']);
  });

  it('F13 sitegen dev starts with such a post and reports it, and reports one added while it runs', async () => {
    site = copyFixture('basic');
    rmSync(join(site, 'site/pages/blog.tsx'));
    write('content/blog/2023-02-30-bad.md', '---\ntitle: Bad day\n---\n\nBody.\n');
    dev = await startDevServer({ root: site, port: 0 });
    expect((await fetch(`${dev.url}/blog`)).status).toBe(200);
    const events = await devEvents(dev.url, '/');
    const reported = (where: string) =>
      events.events.some(
        (e) => e.event === 'problems' && (JSON.parse(e.data) as { code: string; where: string }[]).some((p) => p.code === 'SG2002' && p.where === where),
      );
    await waitFor(() => reported('content/blog/2023-02-30-bad.md:1'));
    write('content/blog/2023-13-45-worse.md', '---\ntitle: Worse day\n---\n\nBody.\n');
    await waitFor(() => reported('content/blog/2023-13-45-worse.md:1'), 10_000);
    const problems = events.events.filter((e) => e.event === 'problems').pop()!;
    expect(JSON.parse(problems.data)).toContainEqual(
      expect.objectContaining({ code: 'SG2002', message: 'Invalid date 2023-13-45 in the file name', where: 'content/blog/2023-13-45-worse.md:1' }),
    );
    events.close();
  });

  it('F14 a redirect to a script URL (any case, data:, vbscript:, whitespace tricks, //host) is SG3006 with file:line', async () => {
    site = copyFixture('basic');
    const targets: Record<string, string> = {
      js: 'javascript:alert(1)',
      mixed: 'JaVaScRiPt:alert(1)',
      data: '"data:text/html,<script>alert(1)</script>"',
      vb: 'vbscript:msgbox(1)',
      tab: '"java\\tscript:alert(1)"',
      space: '"  javascript:alert(1)"',
      newline: '"/ok\\njavascript:alert(1)"',
      slashes: '//evil.example.com/x',
      backslash: '"/\\\\evil.example.com"',
    };
    for (const [name, target] of Object.entries(targets)) write(`content/guide/${name}.md`, `---\ntitle: ${name}\nredirect: ${target}\n---\n`);
    // The fixture's own route rules replaced by two unsafe ones.
    rules("{ '/old/**': { redirect: 'javascript:alert(1)' }, '/gone': { redirect: { to: 'data:text/html,x', statusCode: 302 } } }");
    const result = await build();
    expect(result.code).toBe(1);
    for (const name of Object.keys(targets)) expect(result.stderr).toContain(`✗ content/guide/${name}.md:3 [SG3006] Unsafe redirect target`);
    expect(result.stderr).toContain('Redirect target "javascript:alert(1)" is refused: its scheme `javascript:` is not http or https');
    expect(result.stderr).toContain('Redirect target "//evil.example.com/x" is refused: it starts with `//`');
    expect(result.stderr).toMatch(/✗ site\/config\.ts:\d+ \[SG3006\] Unsafe redirect target\n {2}Route rule \/old\/\*\* redirects to "javascript:alert\(1\)"/);
    expect(result.stderr).toMatch(/✗ site\/config\.ts:\d+ \[SG3006\] Unsafe redirect target\n {2}Route rule \/gone redirects to "data:text\/html,x"/);
    expect(result.stderr).toContain('hint: Redirect to a path on this site');

    // Same-site paths and http(s) URLs still redirect.
    for (const name of Object.keys(targets)) rmSync(join(site, `content/guide/${name}.md`));
    rules("{ '/old-home': { redirect: '/' }, '/old/**': { redirect: 'https://example.com/new' } }");
    write('content/guide/away.md', '---\ntitle: Away\nredirect: https://example.com/away\n---\n');
    const ok = await build();
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(read(site, 'dist/_redirects')).toContain('/guide/away https://example.com/away 301\n');
    expect(html(site, 'dist/guide/away/index.html').querySelector('a')?.getAttribute('href')).toBe('https://example.com/away');
  });

  it('F15 UTF-16 files (little- and big-endian, by their byte-order mark) and a UTF-8 byte-order mark are decoded; NUL bytes without one are SG2005', async () => {
    site = copyFixture('basic');
    const doc = (title: string) => `---\ntitle: ${title}\n---\n\nBody of ${title}: ünïcödé ✓.\n`;
    write('content/wide-le.md', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc('Little endian'), 'utf16le')]));
    write('content/wide-be.md', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(doc('Big endian'), 'utf16le').swap16()]));
    write('content/bom.md', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc('With a mark'), 'utf8')]));
    const ok = await build();
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    for (const [route, title] of [
      ['wide-le', 'Little endian'],
      ['wide-be', 'Big endian'],
      ['bom', 'With a mark'],
    ]) {
      const page = html(site, `dist/${route}/index.html`);
      expect(page.querySelector('title')?.text).toBe(`${title} | Fixture`);
      expect(page.querySelector('h1')?.text).toContain(title);
      expect(page.querySelector('main p')?.text).toBe(`Body of ${title}: ünïcödé ✓.`);
    }

    write('content/no-mark.md', Buffer.from(doc('No mark'), 'utf16le'));
    write('content/binary.md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    for (const run of [1, 2]) {
      const result = await build();
      expect(result.code, `build ${run}`).toBe(1);
      expect(result.stderr).toContain(
        '✗ content/no-mark.md:1 [SG2005] Content file could not be read\n  content/no-mark.md looks like UTF-16 without a byte-order mark',
      );
      // (A PNG's signature holds two line feeds before its first NUL.)
      expect(result.stderr).toContain(
        '✗ content/binary.md:3 [SG2005] Content file could not be read\n  content/binary.md is not a text file: it has a NUL byte on line 3',
      );
    }
  });

  it("F16 content cut by markdown-it's nesting limit is SG2009 with the line where the cut starts", async () => {
    site = copyFixture('basic');
    write('content/quotes.md', `---\ntitle: Quotes\n---\n\nIntro.\n\n${'>'.repeat(2000)} innermost\n`);
    write('content/list.md', `---\ntitle: List\n---\n${Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- item ${i}\n`).join('')}`);
    for (const run of [1, 2]) {
      const result = await build();
      expect(result.code, `build ${run}`).toBe(1);
      expect(result.stderr).toContain(
        '✗ content/quotes.md:7 [SG2009] Markdown nested too deeply\n  Markdown nested more than 100 levels deep: the content from line 7 on was dropped',
      );
      // Items 0-48 fit (a list level is two levels): the cut starts at item 49, line 4 + 49.
      expect(result.stderr).toContain('✗ content/list.md:53 [SG2009] Markdown nested too deeply');
      expect(result.stderr).toContain('> 53 |');
      expect(result.stderr).toContain('hint: Blockquotes and lists nest at most 100 levels');
    }
  });

  it('minor: bytes that are not UTF-8 are an SG2008 warning with the line of the first, in every build; an error with checks.encoding', async () => {
    site = copyFixture('basic');
    write('content/latin.md', Buffer.concat([Buffer.from('---\ntitle: Latin\n---\n\nFirst line.\n'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]));
    for (const run of [1, 2]) {
      const result = await build();
      expect(result.code, `build ${run}`).toBe(0);
      expect(result.stderr).toContain('warning content/latin.md:6 [SG2008] content/latin.md is not valid UTF-8: byte 0xE9 on line 6');
    }
    expect(html(site, 'dist/latin/index.html').querySelectorAll('main p').pop()?.text).toBe('First line.\ncaf\ufffd');
    configure("  checks: { encoding: 'error' },");
    const strict = await build();
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('✗ content/latin.md:6 [SG2008] Content file encoding');
  });

  it('minor: a title that is a list or an object is SG2001 with the line of `title:`', async () => {
    site = copyFixture('basic');
    write('content/listed.md', '---\ndescription: x\ntitle: [a, b]\n---\n\nBody.\n');
    write('content/object.md', '---\ntitle:\n  text: Hello\n---\n\nBody.\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ content/listed.md:3 [SG2001] Invalid front matter\n  Invalid front matter: `title:` is a list, not text');
    expect(result.stderr).toContain('✗ content/object.md:2 [SG2001] Invalid front matter\n  Invalid front matter: `title:` is an object, not text');
    expect(existsSync(join(site, 'dist'))).toBe(false);
  });

  it('minor: front matter that is a list or a single text, not key: value pairs, is SG2001 at line 1, in every build', async () => {
    site = copyFixture('basic');
    write('content/listed.md', '---\n- a\n- b\n---\n\nBody.\n');
    write('content/scalar.md', '---\njust a string\n---\n\nBody.\n');
    for (const run of [1, 2]) {
      const result = await build();
      expect(result.code, `build ${run}`).toBe(1);
      expect(result.stderr).toContain('✗ content/listed.md:1 [SG2001] Invalid front matter\n  Invalid front matter: it is a list, not `key: value` pairs');
      expect(result.stderr).toContain(
        '✗ content/scalar.md:1 [SG2001] Invalid front matter\n  Invalid front matter: it is a single text, not `key: value` pairs',
      );
      expect(result.stderr).toContain('hint: Front matter must be `key: value` pairs, one a line (`title: My page`).');
    }
    expect(existsSync(join(site, 'dist'))).toBe(false);
  });

  it("minor: Hugo's TOML front matter that does not parse is SG2001 at its line, not body text", async () => {
    site = copyFixture('basic');
    write('content/hugo.md', '+++\ntitle = "Hugo TOML"\ndescription = unquoted\n+++\nHugo body\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ content/hugo.md:3:15 [SG2001] Invalid front matter\n  Invalid front matter: invalid TOML: invalid value');
    expect(result.stderr).toContain('> 3 | description = unquoted');
    expect(result.stderr).toContain('hint: TOML front matter is `key = value` lines between two `+++` lines');
    expect(existsSync(join(site, 'dist'))).toBe(false);
  });
});

describe('script URLs in the config and in front matter', () => {
  it('refuse a javascript:, vbscript: or data: link in the config as SG1001, naming each key path', async () => {
    site = copyFixture('basic');
    const file = join(site, 'site/config.ts');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "nav: [{ text: 'Guide', href: '/guide' }],",
        "nav: [{ text: 'Guide', href: '/guide', items: [{ text: 'x', href: ' JavaScript:alert(1)' }] }],\n    social: [{ text: 'GitHub', href: 'https://github.com/me' }, { text: 'x', href: 'java\\tscript:alert(2)' }],\n    footer: [{ title: 'More', links: [{ text: 'Mail', href: 'mailto:me@example.com' }, { text: 'x', href: 'data:text/html,<script>alert(3)</script>' }] }],\n    editLink: 'vbscript:msgbox(4)',",
      ),
    );
    const result = await build();
    expect(result.code).toBe(1);
    const expected = 'expected a path or a URL other than javascript:, vbscript: or data:';
    expect(result.stderr).toContain('[SG1001] Invalid site config');
    expect(result.stderr).toContain(`! theme.nav.0.items.0.href: ${expected}, received " JavaScript:alert(1)"`);
    expect(result.stderr).toContain(`! theme.social.1.href: ${expected}, received "java\\tscript:alert(2)"`);
    expect(result.stderr).toContain(`! theme.footer.0.links.1.href: ${expected}, received "data:text/html,<script>alert(3)</script>"`);
    expect(result.stderr).toContain(`! theme.editLink: ${expected}, received "vbscript:msgbox(4)"`);
    expect(result.stderr.match(/^ {2}! /gm)).toHaveLength(4);
  }, 120_000);

  it('leave a front matter link that is no path or http(s)/mailto URL out of the page', async () => {
    site = copyFixture('basic');
    write(
      'content/feature.md',
      '---\ntitle: Feature\nlayout: feature\ndocs: "javascript:alert(\'docs\')"\nhero:\n  cta:\n    text: Go\n    href: "java\\tscript:alert(\'cta\')"\n---\n\nBody.\n',
    );
    const result = await build();
    expect(result.code, result.output).toBe(0);
    const page = html(join(site, 'dist'), 'feature/index.html');
    expect(page.querySelector('.feature-hero')).not.toBeNull();
    expect(page.querySelectorAll('.hero-actions a')).toHaveLength(0);
    expect(read(join(site, 'dist'), 'feature/index.html')).not.toMatch(/script:(alert|throw)/i);
  }, 120_000);
});
