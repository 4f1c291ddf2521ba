/**
 * Nothing lost: an interrupted or crashed build leaves the previous output exactly as it was,
 * and leaves no temporary folders behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, copyFixture, listFiles, remove, runCli } from '../helpers.ts';

function snapshot(dir: string): [string, string][] {
  return listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
}

/** Enough documents that a build takes a few seconds. */
function addDocuments(site: string, count: number): void {
  const dir = join(site, 'content/many');
  mkdirSync(dir, { recursive: true });
  const body = Array.from({ length: 40 }, (_, i) => `## Section ${i}\n\nSome text with \`code\` and a [link](/about).\n\n\`\`\`bash\necho ${i}\n\`\`\`\n`).join(
    '\n',
  );
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `page-${i}.md`), `---\ntitle: Page ${i}\ndescription: Page ${i}.\n---\n\n${body}`);
}

/** Folders beside the current output: unfinished or replaced ones (the output is a link to its generation). */
function leftovers(site: string): string[] {
  const gens = join(site, '.dist.sitegen');
  const current = existsSync(join(site, 'dist')) ? readlinkSync(join(site, 'dist')).split('/').pop() : undefined;
  return existsSync(gens) ? readdirSync(gens).filter((name) => name !== 'README.txt' && name !== current) : [];
}

/** The previous output is deleted by a detached process once the new one is in place. */
async function leftoversSettled(site: string): Promise<string[]> {
  const settling = () => leftovers(site).some((name) => !name.startsWith('spare-'));
  for (let i = 0; i < 100 && settling(); i++) await new Promise((r) => setTimeout(r, 100));
  return leftovers(site);
}

async function interrupt(site: string, signal: NodeJS.Signals): Promise<number | null> {
  const child = spawn(process.execPath, [BIN, 'build', '--root', site], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('✓ routed')) resolve(); // rendering and writing from here on
    });
  });
  await new Promise((r) => setTimeout(r, 50));
  child.kill(signal);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('an interrupted build', () => {
  it('leaves the previous output as it was after Ctrl-C, and cleans up after itself', async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const before = snapshot(join(site, 'dist'));
      addDocuments(site, 1500);
      const code = await interrupt(site, 'SIGINT');
      expect(code).toBe(130);
      expect(snapshot(join(site, 'dist'))).toEqual(before);
      expect(leftovers(site)).toEqual([]);
    } finally {
      remove(site);
    }
  });

  it('leaves the previous output as it was after a kill; the next build removes the leftovers', async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const before = snapshot(join(site, 'dist'));
      addDocuments(site, 1500);
      await interrupt(site, 'SIGKILL');
      expect(snapshot(join(site, 'dist'))).toEqual(before);
      expect(leftovers(site).length).toBe(1);
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      expect(await leftoversSettled(site)).toEqual([]);
    } finally {
      remove(site);
    }
  });
});

describe('an interrupted rebuild that started from the kept generation', () => {
  it('leaves the previous output as it was after a kill; the next build is whole', async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      writeFileSync(join(site, 'content/about.md'), readFileSync(join(site, 'content/about.md'), 'utf8') + '\nOne more line.\n');
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      expect(await leftoversSettled(site)).toEqual([expect.stringMatching(/^spare-/)]);
      const before = snapshot(join(site, 'dist'));
      addDocuments(site, 1500);
      await interrupt(site, 'SIGKILL');
      expect(snapshot(join(site, 'dist'))).toEqual(before);
      // The spare became the killed build's folder: the next build starts from an empty one.
      expect(leftovers(site)).toEqual([expect.stringMatching(/^tmp-/)]);
      const again = await runCli(['build', '--quiet', '--root', site]);
      expect(again.code, again.stderr).toBe(0);
      expect(readFileSync(join(site, 'dist/many/page-1499/index.html'), 'utf8')).toContain('Page 1499');
      expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('One more line.');
      expect(await leftoversSettled(site)).toEqual([]);
    } finally {
      remove(site);
    }
  });
});

describe('a rebuild', () => {
  it('swaps the new output in, its unchanged files linked from the previous one, with only the replaced one kept beside it', async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const inode = (file: string) => statSync(join(site, 'dist', file)).ino;
      const [guide, about] = [inode('guide/index.html'), inode('about/index.html')];
      const edit = (line: string) => writeFileSync(join(site, 'content/about.md'), readFileSync(join(site, 'content/about.md'), 'utf8') + `\n${line}\n`);
      edit('One more line.');
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('One more line.');
      // The unchanged page is the same file; the edited one a new file.
      expect(inode('guide/index.html')).toBe(guide);
      expect(inode('about/index.html')).not.toBe(about);
      // The replaced generation is kept (it differs in a few files), and the next build starts from it.
      const [spare] = await leftoversSettled(site);
      expect(await leftoversSettled(site)).toEqual([expect.stringMatching(/^spare-/)]);
      expect(statSync(join(site, '.dist.sitegen', spare, 'guide/index.html')).ino).toBe(guide);
      expect(readFileSync(join(site, '.dist.sitegen', spare, 'about/index.html'), 'utf8')).not.toContain('One more line.');
      edit('A third line.');
      const third = await runCli(['build', '--root', site]);
      expect(third.stdout).toMatch(/wrote \d+ files/);
      expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('A third line.');
      expect(inode('guide/index.html')).toBe(guide);
      const kept = await leftoversSettled(site);
      expect(kept).toEqual([expect.stringMatching(/^spare-/)]);
      expect(kept[0]).not.toBe(spare);
      expect(readFileSync(join(site, '.dist.sitegen', kept[0], 'about/index.html'), 'utf8')).toContain('One more line.');
      expect(readdirSync(join(site, '.sitegen-cache')).filter((name) => name.startsWith('spare'))).toEqual([]);
      expect(readdirSync(site).filter((name) => name.startsWith('.dist'))).toEqual(['.dist.sitegen']);
    } finally {
      remove(site);
    }
  });
});

describe('a large site', () => {
  it('starts its workers before the up-to-date check, and closes them when nothing changed', async () => {
    const site = copyFixture('basic');
    try {
      // 5,000 small documents: what makes a site large here is its page count.
      mkdirSync(join(site, 'content/many'), { recursive: true });
      for (let i = 0; i < 5000; i++)
        writeFileSync(join(site, `content/many/page-${i}.md`), `---\ntitle: Page ${i}\ndescription: Page ${i}.\n---\n\nText of page ${i}.\n`);
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const again = await runCli(['build', '--root', site]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout, again.stdout + again.stderr).toContain('is up to date');
      // And a real change still builds with the workers started early.
      writeFileSync(join(site, 'content/many/page-7.md'), readFileSync(join(site, 'content/many/page-7.md'), 'utf8') + '\nA late line.\n');
      const edited = await runCli(['build', '--root', site]);
      expect(edited.code, edited.stderr).toBe(0);
      expect(edited.stdout).toMatch(/rendered \d+ pages \(\d+ unchanged\)/);
      expect(readFileSync(join(site, 'dist/many/page-7/index.html'), 'utf8')).toContain('A late line.');
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe('a worker that dies', () => {
  it('fails the build naming the file being rendered, without hanging', async () => {
    const site = copyFixture('basic');
    try {
      const page = join(site, 'site/pages/index.tsx');
      writeFileSync(page, readFileSync(page, 'utf8').replace('return (', 'if (posts.length) process.exit(3);\n  return ('));
      const result = await runCli(['build', '--root', site]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('[SG4003] Worker crashed');
      expect(result.stderr).toMatch(/A worker stopped while rendering [^\n]*site\/pages\/index\.tsx/);
    } finally {
      remove(site);
    }
  });
});

describe('a worker that runs out of memory', () => {
  it('fails the build naming the file, with the memory cap from SITEGEN_WORKER_MEMORY_MB', async () => {
    const site = copyFixture('basic');
    try {
      const page = join(site, 'site/pages/index.tsx');
      writeFileSync(
        page,
        readFileSync(page, 'utf8').replace(
          'return (',
          'if (posts.length) { const hoard: number[][] = []; for (;;) hoard.push(new Array(1e6).fill(posts.length)); }\n  return (',
        ),
      );
      const result = await runCli(['build', '--root', site], { env: { SITEGEN_WORKER_MEMORY_MB: '96' } });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/\[SG4003\] Worker crashed\n {2}A worker ran out of memory while rendering [^\n]*site\/pages\/index\.tsx/);
    } finally {
      remove(site);
    }
  }, 60_000);
});

describe('many files, few file descriptors', () => {
  it('builds 1,500 documents under `ulimit -n 256` without EMFILE (bounded reads and writes)', async () => {
    const site = copyFixture('basic');
    try {
      addDocuments(site, 1500);
      const { execFile } = await import('node:child_process');
      const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(
          'bash',
          ['-c', `ulimit -n 256 && exec "${process.execPath}" "${BIN}" build --quiet --root "${site}"`],
          { env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
          (error, _stdout, stderr) => {
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
          },
        );
      });
      expect(result.stderr).not.toContain('EMFILE');
      expect(result.code).toBe(0);
      expect(listFiles(join(site, 'dist/many')).filter((f) => f.endsWith('index.html'))).toHaveLength(1500);
    } finally {
      remove(site);
    }
  }, 120_000);
});
