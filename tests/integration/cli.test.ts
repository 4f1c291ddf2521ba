import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { html, listFiles, remove, runCli, tempDir } from '../helpers.ts';

describe('sitegen CLI', () => {
  it('prints a readable help', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: sitegen [options] [command]');
    expect(stdout).toContain('build [options]');
  });

  it('documents every build flag', async () => {
    const { stdout } = await runCli(['build', '--help']);
    for (const flag of ['--root <dir>', '--content <dir>', '--out <dir>', '--concurrency <n>', '--base <url>', '--quiet', '--profile'])
      expect(stdout).toContain(flag);
    // The default worker count as the pool sizes it (a small site gets one worker, not one per core).
    expect(stdout.replace(/\s+/g, ' ')).toContain('worker threads (default: one per 500 documents, at most one per CPU core; or SITEGEN_CONCURRENCY)');
  });

  it('prints the version from package.json', async () => {
    const { stdout } = await runCli(['--version']);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('rejects a bad flag value with a hint', async () => {
    const { code, stderr } = await runCli(['build', '--concurrency', 'many']);
    expect(code).toBe(1);
    expect(stderr).toContain("option '--concurrency <n>' argument 'many' is invalid. expected a whole number ≥ 1");
  });

  it('refuses a port out of range or not whole for dev and preview, as it refuses one that is not a number', async () => {
    const dir = tempDir();
    try {
      for (const command of ['dev', 'preview']) {
        for (const value of ['70000', '99999', '65536', '1.5', 'abc', '']) {
          // (Before the check, dev went on with 70000 and hung once listen refused it: killed after 20 s.)
          const { code, stderr } = await runCli([command, '--root', dir, '--port', value], { timeout: 20_000 });
          expect(code, `${command} --port ${value}`).toBe(1);
          expect(stderr).toContain(`option '--port <n>' argument '${value}' is invalid. expected 0 (any free port) or a whole number from 1 to 65535`);
        }
      }
    } finally {
      remove(dir);
    }
  });

  it('refuses a bad SITEGEN_CONCURRENCY or SITEGEN_WORKER_MEMORY_MB before it builds anything, as it refuses a bad flag', async () => {
    const dir = tempDir();
    try {
      const content = join(dir, 'notes');
      mkdirSync(content);
      writeFileSync(join(content, 'index.md'), '---\ntitle: Home\n---\n\nHello.\n');
      const out = join(dir, 'out');
      for (const name of ['SITEGEN_CONCURRENCY', 'SITEGEN_WORKER_MEMORY_MB']) {
        for (const value of ['0', 'many', '1.5', '-2']) {
          const { code, stderr } = await runCli(['build', '--content', content, '--out', out], { cwd: dir, env: { [name]: value } });
          expect(code, `${name}=${value}`).toBe(1);
          expect(stderr).toBe(
            `✗ [SG1004] Invalid environment variable\n  ${name} "${value}" is not a whole number of 1 or more\n  hint: Set it to a whole number (${name}=2), or unset it for the default.\n\nBuild failed. The previous output was left as it was.\n`,
          );
        }
      }
      // Nothing was written; set but empty is unset, and a good value builds.
      expect(listFiles(dir)).toEqual(['notes/index.md']);
      const good = await runCli(['build', '--content', content, '--out', out, '--quiet'], {
        cwd: dir,
        env: { SITEGEN_CONCURRENCY: '1', SITEGEN_WORKER_MEMORY_MB: '' },
      });
      expect(good.code, good.stderr).toBe(0);
    } finally {
      remove(dir);
    }
  });

  it('builds any folder of markdown with the bundled templates (--content, --out, --base)', async () => {
    const dir = tempDir();
    try {
      const content = join(dir, 'notes');
      for (let i = 0; i < 40; i++) {
        const folder = join(content, i % 2 ? 'blog' : `docs/part-${i % 4}`);
        mkdirSync(folder, { recursive: true });
        const name = i % 2 ? `2024-03-${String((i % 28) + 1).padStart(2, '0')}-note-${i}.md` : `note-${i}.md`;
        writeFileSync(join(folder, name), `---\ntitle: Note ${i}\ndescription: Note number ${i}.\n---\n\n## Section\n\nText with \`code\`.\n`);
      }
      const out = join(dir, 'site');
      const result = await runCli(['build', '--content', content, '--out', out, '--base', 'https://notes.example.com', '--quiet']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const pages = listFiles(out).filter((f) => f.endsWith('index.html') && (f.startsWith('docs/') || f.startsWith('blog/20')));
      expect(pages).toHaveLength(40);
      expect(html(out, 'docs/part-0/note-0/index.html').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        'https://notes.example.com/docs/part-0/note-0',
      );
    } finally {
      remove(dir);
    }
  });

  it('refuses a content folder that is not there (a typo in --content or contentDir), leaving the last output as it was', async () => {
    const dir = tempDir();
    try {
      const content = join(dir, 'notes');
      mkdirSync(content);
      writeFileSync(join(content, 'a.md'), '---\ntitle: A\n---\n\nText.\n');
      const out = join(dir, 'site');
      expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
      const before = listFiles(out).sort();
      const typo = await runCli(['build', '--content', join(dir, 'nots'), '--out', out]);
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain(`[SG1002] Site config could not be loaded\n  The content folder ${join(dir, 'nots')} does not exist`);
      expect(typo.stderr).toContain('hint: Check the path given to --content');
      expect(listFiles(out).sort()).toEqual(before);
      mkdirSync(join(dir, 'site-root/site'), { recursive: true });
      writeFileSync(join(dir, 'site-root/site/config.ts'), "export default { name: 'X', contentDir: 'docs' };\n");
      const configured = await runCli(['build', '--root', join(dir, 'site-root')]);
      expect(configured.code).toBe(1);
      expect(configured.stderr).toContain(
        `site/config.ts [SG1002] Site config could not be loaded\n  The content folder ${join(dir, 'site-root/docs')} does not exist`,
      );
      // The default content/ may be missing: a site of pages alone.
      writeFileSync(join(dir, 'site-root/site/config.ts'), "export default { name: 'X' };\n");
      expect((await runCli(['build', '--root', join(dir, 'site-root'), '--quiet'])).code).toBe(0);
    } finally {
      remove(dir);
    }
  });

  it('builds a bare folder with link checks on, giving it a home page and a blog index', async () => {
    const dir = tempDir();
    try {
      mkdirSync(join(dir, 'content/blog'), { recursive: true });
      mkdirSync(join(dir, 'content/notes'), { recursive: true });
      writeFileSync(join(dir, 'content/notes/first.md'), '---\ntitle: First note\n---\nHello.\n');
      writeFileSync(join(dir, 'content/blog/2024-05-06-launch.md'), '---\ntitle: Launch\n---\nWe launched.\n');
      const result = await runCli(['build', '--quiet'], { cwd: dir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const home = html(join(dir, 'dist'), 'index.html');
      expect(home.querySelectorAll('main a').map((a) => a.getAttribute('href'))).toEqual(expect.arrayContaining(['/notes/first', '/blog/2024/05/06/launch']));
      expect(html(join(dir, 'dist'), 'blog/index.html').querySelector('main a[href="/blog/2024/05/06/launch"]')).not.toBeNull();
    } finally {
      remove(dir);
    }
  });

  it('prints per-phase memory with --profile', async () => {
    const dir = tempDir();
    try {
      mkdirSync(join(dir, 'c'));
      writeFileSync(join(dir, 'c/page.md'), '---\ntitle: Page\n---\nHello.\n');
      const { stdout } = await runCli(['build', '--content', join(dir, 'c'), '--out', join(dir, 'o'), '--profile']);
      expect(stdout).toMatch(/✓ parsed 1 documents in (\d+ ms|[\d.]+ s)\n\s+rss \d+ MB, heap \d+ MB/);
    } finally {
      remove(dir);
    }
  });
});
