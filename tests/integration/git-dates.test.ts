/**
 * `lastUpdated: 'git'`: dates from a temporary repository whose commits have known dates, the project in a subfolder of
 * it. Full and shallow clones, front matter winning, a rename, an untracked file, a warm build after a new commit equal
 * to a cold one, one `git log` per commit (a `git` on the PATH that records its calls), no git at all, no repository.
 * The tests share the repository and run in order: each adds to the history the next one reads.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, json, outputFiles, read, remove, runCli, tempDir } from '../helpers.ts';

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

function git(cwd: string, args: string[], date = '2022-01-01T10:00:00Z'): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    GIT_AUTHOR_NAME: 'T',
    GIT_AUTHOR_EMAIL: 't@e',
    GIT_COMMITTER_NAME: 'T',
    GIT_COMMITTER_EMAIL: 't@e',
  };
  return execFileSync(REAL_GIT, args, { cwd, env, encoding: 'utf8' });
}

function write(dir: string, file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

const CONFIG = (checks = '') => `import { defineConfig } from 'sitegen';
export default defineConfig({
  url: 'https://example.com',
  name: 'Git dates',
  lastUpdated: 'git',
  plugins: ['sitegen/plugins/seo', 'sitegen/plugins/markdown', 'sitegen/plugins/sitemap'],
  theme: { docsRoot: 'docs' },${checks}
});
`;

/** The `datetime` of the doc layout's "Last updated" line, or undefined when the page has none. */
function lastUpdated(out: string, route: string): string | undefined {
  const page = html(out, `${route}/index.html`);
  const time = page.querySelectorAll('time').find((t) => t.parentNode?.text.includes('Last updated'));
  return time?.getAttribute('datetime');
}

function lastmod(out: string, route: string): string | undefined {
  const xml = read(out, 'sitemap.xml');
  return new RegExp(`<loc>https://example.com${route}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
}

/** A `git` that writes each call's arguments to a log, then runs the real one. */
function recordingGit(): { path: string; calls: () => string[] } {
  const bin = tempDir('sitegen-git-bin-');
  const logFile = join(bin, 'calls.log');
  writeFileSync(logFile, '');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> "${logFile}"\nexec "${REAL_GIT}" "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return { path: `${bin}:${process.env.PATH}`, calls: () => readFileSync(logFile, 'utf8').split('\n').filter(Boolean) };
}

describe("lastUpdated: 'git'", () => {
  let repo: string;
  let web: string;
  const recorder = recordingGit();
  const build = (root: string, args: string[] = []) => runCli(['build', '--root', root, ...args], { env: { PATH: recorder.path } });

  beforeAll(() => {
    repo = tempDir('sitegen-git-');
    web = join(repo, 'web'); // the project in a subfolder of the repository
    git(repo, ['init', '-q', '-b', 'main']);
    write(web, 'site/config.ts', CONFIG());
    write(web, 'content/docs/one page.md', '---\ntitle: One\n---\n\nText.\n');
    write(web, 'content/docs/ünï.md', '---\ntitle: Unicode\n---\n\nText.\n');
    write(web, 'content/docs/set.md', '---\ntitle: Set\nupdated: 2019-05-05\n---\n\nFront matter wins.\n');
    write(web, 'content/docs/old.md', '---\ntitle: Moved\n---\n\nMoved later, unchanged.\n');
    write(web, 'content/blog/2021-06-01-hello.md', '---\ntitle: Hello\ndate: 2021-06-01\n---\n\nA post.\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-qm', 'first'], '2022-01-01T10:00:00Z');
    appendFileSync(join(web, 'content/docs/one page.md'), 'More.\n');
    git(repo, ['commit', '-qam', 'edit'], '2023-03-03T10:00:00Z');
    git(repo, ['mv', 'web/content/docs/old.md', 'web/content/docs/moved.md']);
    git(repo, ['commit', '-qm', 'move'], '2023-06-06T10:00:00Z');
    write(web, 'content/docs/untracked.md', '---\ntitle: Untracked\n---\n\nNot committed.\n');
    write(repo, '.gitignore', 'web/dist\nweb/.dist.sitegen\nweb/.sitegen-cache\nweb/cold\n');
  });

  afterAll(() => remove(repo));

  it('dates each document by its last commit, in one git log; front matter `updated:` wins', async () => {
    const result = await build(web);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('SG2017');
    const out = join(web, 'dist');
    expect(lastUpdated(out, 'docs/one-page')).toBe('2023-03-03');
    expect(lastUpdated(out, 'docs/uni')).toBe('2022-01-01');
    expect(lastUpdated(out, 'docs/set')).toBe('2019-05-05');
    // A pure rename is not an edit: the date of its last edit under the old name.
    expect(lastUpdated(out, 'docs/moved')).toBe('2022-01-01');
    // Never committed: no date (it has no `date:` either).
    expect(lastUpdated(out, 'docs/untracked')).toBeUndefined();
    expect(lastmod(out, '/docs/one-page')).toBe('2023-03-03T10:00:00.000Z');
    const post = html(out, 'blog/2021/06/01/hello/index.html');
    expect(post.querySelector('meta[property="article:modified_time"]')?.getAttribute('content')).toBe('2022-01-01T10:00:00.000Z');
    const api = read(out, 'docs/one-page/_payload.json');
    expect(api).toContain('2023-03-03');
    // One rev-parse and one log for the whole site.
    const calls = recorder.calls();
    expect(calls.filter((c) => c.includes(' log '))).toHaveLength(1);
    expect(calls.filter((c) => c.includes('rev-parse'))).toHaveLength(1);
  });

  it('runs no git log while HEAD stays; an uncommitted edit keeps the commit date; a new commit re-renders the page as a cold build does', async () => {
    const before = recorder.calls().length;
    appendFileSync(join(web, 'content/docs/ünï.md'), 'Edited.\n');
    const edited = await build(web);
    expect(edited.code, edited.stderr).toBe(0);
    const out = join(web, 'dist');
    expect(lastUpdated(out, 'docs/uni')).toBe('2022-01-01');
    expect(
      recorder
        .calls()
        .slice(before)
        .filter((c) => c.includes(' log ')),
    ).toHaveLength(0);

    git(repo, ['commit', '-qam', 'unicode edit'], '2024-04-04T10:00:00Z');
    const warm = await build(web, ['--profile']);
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).not.toContain('up to date');
    expect(warm.stdout).toMatch(/pages by reason: 1 inputs changed, \d+ unchanged/);
    expect(lastUpdated(out, 'docs/uni')).toBe('2024-04-04');
    expect(json<{ updated: string }>(out, `api/_content/query/${apiFile(out, '/docs/uni')}`).updated).toBe('2024-04-04T10:00:00.000Z');

    const again = await build(web);
    expect(again.stdout).toContain('up to date');

    remove(join(web, '.sitegen-cache'));
    const cold = await build(web, ['--out', join(web, 'cold')]);
    expect(cold.code, cold.stderr).toBe(0);
    expect(outputFiles(out)).toEqual(outputFiles(join(web, 'cold')));
  });

  it('in a shallow clone, shows only dates the fetched history proves and warns with a hint (checks.gitHistory)', async () => {
    const shallow = join(tempDir('sitegen-git-shallow-'), 'clone');
    try {
      // `--depth` needs a file:// URL to clone a local repository shallow.
      git(repo, ['clone', '-q', '--depth', '2', `file://${repo}`, shallow]);
      const result = await build(join(shallow, 'web'));
      expect(result.code, result.stderr).toBe(0);
      const out = join(shallow, 'web/dist');
      // Changed by the newest commit, whose parent was fetched: its date is certain.
      expect(lastUpdated(out, 'docs/uni')).toBe('2024-04-04');
      // Last changed before the fetched history: no date rather than the clone's.
      expect(lastUpdated(out, 'docs/one-page')).toBeUndefined();
      expect(lastUpdated(out, 'docs/moved')).toBeUndefined();
      expect(lastUpdated(out, 'docs/set')).toBe('2019-05-05');
      expect(result.stderr).toContain(
        'warning content [SG2017] Shallow clone: 3 content files show no "last updated" date (of 4 dated by git), as the history is cut off (blog/2021-06-01-hello.md, docs/moved.md, docs/one page.md); fetch the whole history (`git fetch --unshallow`; in GitHub Actions, `fetch-depth: 0` for actions/checkout)\n',
      );

      write(join(shallow, 'web'), 'site/config.ts', CONFIG("\n  checks: { gitHistory: 'error' },"));
      const strict = await build(join(shallow, 'web'));
      expect(strict.code).not.toBe(0);
      expect(strict.stderr).toContain('[SG2017]');
    } finally {
      remove(join(shallow, '..'));
    }
  });

  it('without git, or outside a repository, warns and builds without git dates', async () => {
    const noGit = await runCli(['build', '--root', web, '--out', join(web, 'cold'), '--force'], { env: { PATH: tempDir('sitegen-empty-path-') } });
    expect(noGit.code, noGit.stderr).toBe(0);
    expect(noGit.stderr).toContain('[SG2017] No "last updated" dates from git: git is not installed');

    const loose = tempDir('sitegen-no-repo-');
    try {
      write(loose, 'site/config.ts', CONFIG());
      write(loose, 'content/docs/page.md', '---\ntitle: Page\n---\n\nText.\n');
      const result = await build(loose);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('[SG2017] No "last updated" dates from git: not a git repository');
      expect(lastUpdated(join(loose, 'dist'), 'docs/page')).toBeUndefined();
    } finally {
      remove(loose);
    }
  });
});

/** The content API file of a route (its name hashes the query). */
function apiFile(out: string, route: string): string {
  const dir = join(out, 'api/_content/query');
  return readdirSync(dir).find((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { _path?: string })._path === route)!;
}
