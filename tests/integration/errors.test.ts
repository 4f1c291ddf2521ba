/**
 * Bad input: a clear message with file and line, exit 1, and the previous output untouched.
 */
import { existsSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, listFiles, remove, runCli, tempDir } from '../helpers.ts';

let site: string;
afterEach(() => site && remove(site));

function edit(file: string, change: (text: string) => string): void {
  const path = join(site, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

function build(...args: string[]) {
  return runCli(['build', '--root', site, ...args]);
}

describe('a failed build', () => {
  it('says an output folder the system will not create is no bug: SG7001 with what to do, exit 1', async () => {
    site = copyFixture('basic');
    writeFileSync(join(site, 'afile'), 'not a folder');
    const result = await build('--out', join(site, 'afile/dist'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ [SG7001] Output could not be written');
    expect(result.stderr).toContain("EEXIST: file already exists, mkdir '");
    expect(result.stderr).toContain('hint: A file is where the build needs a folder');
    expect(result.stderr).not.toContain('bug in sitegen');
    expect(readFileSync(join(site, 'afile'), 'utf8')).toBe('not a folder');
  });

  // /proc takes no new entries on Linux only (elsewhere / itself may be read-only: EROFS).
  it.skipIf(process.platform !== 'linux')(
    'fails with SG7001 where the output folder cannot be made under a folder that takes no entries (/proc), instead of hanging',
    async () => {
      site = copyFixture('basic');
      const result = await build('--out', '/proc/sitegen-no-such-folder/dist');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('✗ [SG7001] Output could not be written');
      expect(result.stderr).toContain('Cannot create the folder /proc/sitegen-no-such-folder: ENOENT');
      expect(result.stderr).toContain('hint: Its parent folder exists but takes no new entries');
    },
  );

  it('names the file and line of bad front matter, exits 1 and leaves the previous output intact', async () => {
    site = copyFixture('basic');
    expect((await build('--quiet')).code).toBe(0);
    const out = join(site, 'dist');
    const before = listFiles(out).map((f) => [f, readFileSync(join(out, f), 'utf8')]);

    edit('content/about.md', (t) => t.replace('description: What this fixture is for.', 'description: "What this fixture is for.'));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ content/about.md:3:14 [SG2001] Invalid front matter');
    expect(result.stderr).toContain('> 3 | description: "What this fixture is for.');
    expect(result.stderr).toContain('hint: Front matter is YAML');
    expect(result.stderr).toContain('The previous output was left as it was.');

    expect(listFiles(out).map((f) => [f, readFileSync(join(out, f), 'utf8')])).toEqual(before);
    // Beside the output link: only its generation folder, holding the current output alone.
    expect(readdirSync(dirname(out)).filter((name) => name.startsWith('.dist.'))).toEqual(['.dist.sitegen']);
    expect(readdirSync(join(dirname(out), '.dist.sitegen')).sort()).toEqual(['README.txt', basename(readlinkSync(out))].sort());
  });

  it('lists every problem before failing once', async () => {
    site = copyFixture('basic');
    edit('content/about.md', (t) => t.replace('title: About the fixture', 'title: About\nlayout: fancy'));
    edit('content/secret.md', (t) => t.replace('[everyone]', '[nope]'));
    edit('content/guide/1.intro.md', (t) => t.replace('[setup](/guide/setup)', '[setup](/guide/missing)'));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/about.md:3 [SG2003] Unknown layout');
    expect(result.stderr).toContain('Use one of: content, default, doc, feature, home, post.');
    expect(result.stderr).toContain("content/secret.md [SG3002] Unknown route middleware\n  Unknown route middleware: 'nope'");
    // Rendering and the link checks still ran: their problem is in the same report, and links or
    // redirects to the page of the unknown layout (/about, shown with its fallback) are not reported.
    expect(result.stderr).toContain('content/guide/1.intro.md:7 [SG5001] Broken internal link');
    expect(result.stderr).not.toContain('Broken link to /about');
    expect(result.stderr).not.toContain('Redirect points nowhere');
    expect(result.stderr).toContain('Build failed: 3 problems.');
  });

  it('lets the site config turn a check into a warning or off', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', checks: { layouts: 'warn', links: 'off' },"));
    edit('content/secret.md', (t) => t.replace('middleware: [everyone]', 'layout: fancy'));
    edit('content/guide/1.intro.md', (t) => t.replace('[setup](/guide/setup)', '[setup](/guide/missing)'));
    const result = await build();
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning content/secret.md:4 [SG2003] Unknown layout "fancy"');
    expect(result.stderr).not.toContain('SG5001');
  });

  it('reports a broken internal link with the line that makes it', async () => {
    site = copyFixture('basic');
    edit('content/guide/1.intro.md', (t) => t.replace('[setup](/guide/setup)', '[setup](/guide/missing)'));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ content/guide/1.intro.md:7 [SG5001] Broken internal link\n  Broken link to /guide/missing on /guide/intro');
  });

  it('gives a broken link its line when its document comes from the cache (its links read only then)', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', checks: { links: 'warn' },"));
    edit('content/guide/1.intro.md', (t) => t.replace('[setup](/guide/setup)', '[setup](/guide/missing)'));
    const first = await build();
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('warning content/guide/1.intro.md:7 [SG5001] Broken link to /guide/missing on /guide/intro');
    // Another document's body changes: the guide page is copied, its document is not parsed again.
    edit('content/about.md', (t) => `${t}\nOne more line.\n`);
    const second = await build();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/parsed \d+ documents \(\d+ from cache\)/);
    expect(second.stderr).toContain('warning content/guide/1.intro.md:7 [SG5001] Broken link to /guide/missing on /guide/intro');
  });

  it('reports a missing anchor', async () => {
    site = copyFixture('basic');
    edit('content/about.md', (t) => t.replace('/guide/setup#install-it', '/guide/setup#uninstall-it'));
    const result = await build();
    expect(result.stderr).toContain('[SG5002] Missing anchor\n  Missing anchor: /guide/setup#uninstall-it on /about');
  });

  it('names both files when two sources claim one route', async () => {
    site = copyFixture('basic');
    writeFileSync(join(site, 'content/blog.md'), '---\ntitle: Blog\n---\nA second blog index.\n');
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Route /blog is claimed by both site/pages/blog.tsx and content/blog.md');
  });

  it('reports an invalid date and a post without a slug', async () => {
    site = copyFixture('basic');
    edit('content/blog/2021-02-03-second-post.md', (t) => t.replace('date: 2021-02-03', 'date: 2021-02-30'));
    writeFileSync(join(site, 'content/blog/2022-01-01.md'), '---\ntitle: No slug\n---\nx\n');
    const result = await build();
    expect(result.stderr).toContain('content/blog/2021-02-03-second-post.md:4 [SG2002] Invalid date\n  Invalid date "2021-02-30"');
    expect(result.stderr).toContain('content/blog/2022-01-01.md:1 [SG2004] Post without a slug');
  });

  it('reports a redirect loop', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("'/old-home': { redirect: '/' },", "'/loop-a': { redirect: '/loop-b' }, '/loop-b': { redirect: '/loop-a' },"));
    const result = await build();
    expect(result.stderr).toContain('Redirect loop: /loop-a → /loop-b → /loop-a');
  });

  it('says what is wrong with a route rule pattern (SG3005), not an internal error', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("'/old-home': { redirect: '/' },", "'/a/:(x': { redirect: '/' },"));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '[SG3005] Invalid route rule\n  Route rule pattern "/a/:(x" is invalid\n  hint: Use exact paths, `/prefix/**`, `*` for one segment or `:name` parameters.\n  caused by: the ":" at character 4 starts no parameter name (a letter or _, then letters, digits or _)\n',
    );
    expect(result.stderr).not.toContain('Cannot read properties');
  });

  it('refuses route rule fields nothing applies (headers, index) instead of ignoring them', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) =>
      t.replace("'/old-home': { redirect: '/' },", "'/old-home': { redirect: '/' }, '/api/**': { headers: { 'X-Frame-Options': 'DENY' } },"),
    );
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[SG1001] Invalid site config\n  ! routeRules./api/**.headers: expected no such key, received an unknown key\n');
  });

  it('reports a /prefix/** rule whose one target is not a page (SG3004), as it does an exact one', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("'/old-home': { redirect: '/' },", "'/old-home': { redirect: '/' }, '/gone/**': { redirect: '/nowhere' },"));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ site/config.ts [SG3004] Redirect points nowhere\n  Redirect from /gone/** points to /nowhere, which is not a page\n');
    // The fixture's own `/legacy/**` → `/guide` is a page: not reported.
    expect(result.stderr).not.toContain('/legacy');
  });

  it('prints config problems as ! key: expected …, received …', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', indexable: 'yes',").replace('checkInterval: 1000', "checkInterval: 'hourly'"));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('! indexable: expected boolean, received "yes"\n  ! checkInterval: expected number, received "hourly"');
  });

  it('lists every config problem found across keys, not only the first', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) =>
      t
        .replace("separator: '|',", "separator: '|', locales: ['en', 'de', 'de'], defaultLocale: 'fr',")
        .replace("docsRoot: 'guide',", "docsRoot: 'guide', versions: [{ dir: 'v2' }, { dir: 'v1' }, { dir: 'v1' }], locales: { ja: { nav: [] } },"),
    );
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      [
        '[SG1001] Invalid site config',
        '  ! defaultLocale: expected one of "en", "de", received "fr"',
        '  ! locales: "de" is listed twice',
        '  ! theme.locales.ja: expected one of the locales (en, de), received "ja"',
        '  ! theme.versions: "v1" is listed twice',
        `  ! theme.docsRoot: expected the latest version's folder ("v2") or nothing, received "guide"`,
      ].join('\n'),
    );
    expect(result.stderr).toContain('Build failed.');
  });

  it('fails a first build at once when a plugin cannot be compiled, its early worker closed', async () => {
    // No output recorded yet: a worker starts loading before the plugins compile, and must be
    // let finish starting and closed, not left running or stopped halfway.
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace('plugins: [', "plugins: ['./site/nope.ts', "));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[SG6001] Plugin hook failed\n  Plugin module "./site/nope.ts" could not be compiled');
    expect(result.stderr).toContain('The previous output was left as it was.');
    expect(readdirSync(site).filter((name) => name === 'dist' || name.startsWith('.dist.'))).toEqual([]);
  });

  it('fails on a project folder that does not exist, creating nothing', async () => {
    site = tempDir();
    const missing = join(site, 'no-such-site');
    const result = await runCli(['build', '--root', missing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`[SG1002] Site config could not be loaded\n  The project folder ${missing} does not exist`);
    expect(result.stderr).toContain("hint: Run sitegen in your site's folder, or pass --root <folder>.");
    expect(existsSync(missing)).toBe(false);
  });

  it('fails a page whose island could never hydrate: a name with no component, or props that are not plain JSON', async () => {
    site = copyFixture('basic');
    edit('site/pages/counter.tsx', (t) => t.replace('name="Counter"', 'name="counter-"'));
    let result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'site/pages/counter.tsx [SG4001] Page failed to render\n  /counter: the island "counter-" has no component in site/islands/',
    );
    expect(result.stderr).toContain('hint: Did you mean "Counter"?');
    expect(result.stderr).toContain('The previous output was left as it was.');
    edit('site/pages/counter.tsx', (t) =>
      t.replace('name="counter-"', 'name="Counter"').replace('{ start: 2 }', '{ start: 2, rows: [1, { at: new Date(0) }] } as never'),
    );
    result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('/counter: the island "Counter" has props.rows.1.at = a Date, which is not plain JSON');
    edit('site/pages/counter.tsx', (t) => t.replace('at: new Date(0)', 'at: Number.NaN'));
    expect((await build()).stderr).toContain('has props.rows.1.at = NaN, which is not plain JSON');
    edit('site/pages/counter.tsx', (t) => t.replace('at: Number.NaN', "at: '1970-01-01'"));
    expect((await build()).code).toBe(0);
  });

  it('refuses a stylesheet imported by an island or a page, where it is imported (nothing would link it)', async () => {
    site = copyFixture('basic');
    writeFileSync(join(site, 'site/islands/counter.css'), '.counter { color: rebeccapurple; }\n');
    edit('site/islands/Counter.tsx', (t) => `import './counter.css';\n${t}`);
    let result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '✗ site/islands/Counter.tsx:1:8 [SG4002] Templates failed to compile\n  Island failed to compile: "./counter.css": a component cannot import a stylesheet',
    );
    expect(result.stderr).toContain('hint: Put the stylesheet in site/styles/, which every page links, or in site/styles/on-demand/');
    // The one esbuild error is said once, not again as the cause.
    expect(result.stderr).not.toContain('caused by');
    edit('site/islands/Counter.tsx', (t) => t.replace("import './counter.css';\n", ''));
    edit('site/pages/counter.tsx', (t) => `import '../islands/counter.css';\n${t}`);
    result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '✗ site/pages/counter.tsx:1:8 [SG4002] Templates failed to compile\n  "../islands/counter.css": a component cannot import a stylesheet',
    );
    // Its text, as any file's, is still a string.
    edit('site/pages/counter.tsx', (t) =>
      t
        .replace("import '../islands/counter.css';", "import css from '../islands/counter.css?raw';")
        .replace('<h1>Counter</h1>', '<h1 data-css={css.length}>Counter</h1>'),
    );
    expect((await build()).code).toBe(0);
    expect(readFileSync(join(site, 'dist/counter/index.html'), 'utf8')).toContain('data-css="35"');
  });

  it('fails a page module without a default export (it rendered as an empty page), naming its named export', async () => {
    site = copyFixture('basic');
    edit('site/pages/counter.tsx', (t) => t.replace('export default function CounterPage', 'export function CounterPage'));
    const result = await build();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ site/pages/counter.tsx [SG4001] Page failed to render\n  /counter: site/pages/counter.tsx has no default export');
    expect(result.stderr).toContain(
      "hint: Export the page's component as the default: `export default function CounterPage(context: PageContext) { … }` (CounterPage is a named export).",
    );
  });

  it('names the page when a component throws, and where in its source (line, column and a code frame; --debug: the stack there too)', async () => {
    site = copyFixture('basic');
    edit('site/pages/index.tsx', (t) => t.replace('return (', "if (posts.length) throw new Error('kaboom');\n  return ("));
    const result = await build('--debug');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('site/pages/index.tsx:6:27 [SG4001] Page failed to render\n  / failed to render: kaboom');
    expect(result.stderr).toContain("> 6 |   if (posts.length) throw new Error('kaboom');");
    // Not the compiled bundle's line (.sitegen-cache/render/render.<hash>.mjs:1961:19).
    expect(result.stderr).toContain(`at Home (${join(site, 'site/pages/index.tsx')}:6:27)`);
    expect(result.stderr).not.toMatch(/render\.[0-9a-f]+\.mjs/);
  });
});
