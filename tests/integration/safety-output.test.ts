/**
 * The output folder is sitegen's alone (F11), and its swap never leaves a moment without a
 * complete output (F10).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, copyFixture, listFiles, remove, runCli, tempDir } from '../helpers.ts';

/** Every file below `dir` with its bytes (the cache left out). */
function snapshot(dir: string): Map<string, string> {
  return new Map(
    listFiles(dir)
      .filter((f) => !f.includes('.sitegen-cache/'))
      .map((f) => [f, readFileSync(join(dir, f), 'latin1')]),
  );
}

function expectRefused(result: { code: number; stderr: string }, what: RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toContain('[SG7003] Output folder refused');
  expect(result.stderr).toMatch(what);
  expect(result.stderr).toMatch(/--out or outDir/);
}

describe("F11 the output folder is sitegen's alone", () => {
  it('F11 refuses --out at the project root, and every source file is still there', async () => {
    const site = copyFixture('basic');
    try {
      const before = snapshot(site);
      expectRefused(await runCli(['build', '--root', site, '--out', site]), /is the project folder/);
      expectRefused(await runCli(['build', '--root', site, '--out', '.'], { cwd: site }), /is the project folder/);
      expect(snapshot(site)).toEqual(before);
    } finally {
      remove(site);
    }
  });

  it('F11 refuses --out inside content/, site/ or the cache, and the sources are untouched', async () => {
    const site = copyFixture('basic');
    try {
      const before = snapshot(site);
      for (const out of ['content', 'content/blog', 'site', 'site/public', '.sitegen-cache/out']) {
        expectRefused(await runCli(['build', '--root', site, '--out', join(site, out)]), /is inside (the content folder|a source folder|the build cache)/);
      }
      expect(snapshot(site)).toEqual(before);
      expect(readdirSync(site).filter((name) => name.includes('.sitegen') && name !== '.sitegen-cache')).toEqual([]);
    } finally {
      remove(site);
    }
  });

  it("F11 refuses --out at a folder that holds the project (the root's parent)", async () => {
    const outer = tempDir();
    try {
      const site = join(outer, 'proj');
      mkdirSync(site);
      const fixture = copyFixture('basic');
      cpSync(fixture, site, { recursive: true });
      remove(fixture);
      writeFileSync(join(outer, 'notes.txt'), 'mine');
      const before = snapshot(outer);
      expectRefused(await runCli(['build', '--root', site, '--out', outer]), /holds the project folder/);
      expect(snapshot(outer)).toEqual(before);
    } finally {
      remove(outer);
    }
  });

  it("F11 refuses --out inside a build's output (dist/sub) or its earlier builds, and the output is untouched", async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--root', site])).code).toBe(0);
      const served = readlinkSync(join(site, 'dist'));
      const before = snapshot(join(site, 'dist'));
      for (const out of ['dist/sub', 'dist/blog/sub', `.dist.sitegen/${served.split('/').pop()}/x`, '.dist.sitegen/x']) {
        expectRefused(await runCli(['build', '--root', site, '--out', join(site, out)]), /is inside the output of another build/);
      }
      expect(readlinkSync(join(site, 'dist'))).toBe(served);
      expect(snapshot(join(site, 'dist'))).toEqual(before);
    } finally {
      remove(site);
    }
  });

  it('F12 builds one at a time: a build waits while another holds the lock, and takes a lock whose build is gone', async () => {
    const site = copyFixture('basic');
    // A Node process, as a build is (a process of another program under a reused pid holds nothing: below).
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      expect(existsSync(join(site, '.sitegen-cache/build.lock'))).toBe(false);
      const served = readlinkSync(join(site, 'dist'));
      const lockFile = join(site, '.sitegen-cache/build.lock');
      writeFileSync(lockFile, JSON.stringify({ pid: holder.pid, host: hostname(), started: '2026-11-29T10:00:00.000Z' }));
      writeFileSync(join(site, 'content/about.md'), `${readFileSync(join(site, 'content/about.md'), 'utf8')}\nWhile locked.\n`);
      const waiting = runCli(['build', '--root', site]);
      // It waits: nothing published while the holder runs.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(readlinkSync(join(site, 'dist'))).toBe(served);
      expect(readFileSync(lockFile, 'utf8')).toContain(`"pid":${holder.pid}`);
      // The holder gone (a build killed): its lock is taken over, the build goes on, and the lock is released.
      holder.kill('SIGKILL');
      const built = await waiting;
      expect(built.code, built.stderr).toBe(0);
      expect(built.stdout).toContain(
        `waiting for another build of this project to finish (process ${holder.pid}, started 2026-11-29T10:00:00.000Z; if none is running, delete `,
      );
      expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('While locked.');
      expect(existsSync(lockFile)).toBe(false);
      // Two builds at once: one waits for the other, and both succeed.
      writeFileSync(join(site, 'content/about.md'), `${readFileSync(join(site, 'content/about.md'), 'utf8')}\nTwice at once.\n`);
      const both = await Promise.all([runCli(['build', '--root', site]), runCli(['build', '--root', site])]);
      for (const result of both) expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(join(site, 'dist/about/index.html'), 'utf8')).toContain('Twice at once.');
      // A lock whose pid another program has taken since (not a Node process) holds nothing.
      const other = spawn('sleep', ['60']);
      try {
        writeFileSync(lockFile, JSON.stringify({ pid: other.pid, host: hostname(), started: 'x' }));
        const reused = await runCli(['build', '--root', site, '--force']);
        expect(reused.code).toBe(0);
        expect(reused.stdout).not.toContain('waiting for another build');
      } finally {
        other.kill('SIGKILL');
      }
      // A lock from another machine (a restored CI cache) holds nothing here.
      writeFileSync(lockFile, JSON.stringify({ pid: process.pid, host: 'ci-runner-elsewhere', started: 'x' }));
      const elsewhere = await runCli(['build', '--root', site, '--force']);
      expect(elsewhere.code).toBe(0);
      expect(elsewhere.stdout).not.toContain('waiting for another build');
    } finally {
      holder.kill('SIGKILL');
      remove(site);
    }
  });

  it('F11 refuses a folder holding files that no sitegen build wrote, and keeps them', async () => {
    const site = copyFixture('basic');
    const foreign = tempDir('sitegen-foreign-');
    try {
      writeFileSync(join(foreign, 'notes.txt'), 'my notes');
      expectRefused(await runCli(['build', '--root', site, '--out', foreign]), /holds files that no sitegen build wrote \(notes\.txt\)/);
      expect(readFileSync(join(foreign, 'notes.txt'), 'utf8')).toBe('my notes');
      expect(readdirSync(foreign)).toEqual(['notes.txt']);
      // A link the user made is not sitegen's either.
      const link = join(site, 'linked');
      symlinkSync(foreign, link);
      expectRefused(await runCli(['build', '--root', site, '--out', link]), /is a link that sitegen did not make/);
      expect(readdirSync(foreign)).toEqual(['notes.txt']);
    } finally {
      remove(site);
      remove(foreign);
    }
  });

  it('F11 builds into a fresh folder, an empty one, and an output an earlier sitegen wrote as a plain folder', async () => {
    const site = copyFixture('basic');
    const empty = tempDir('sitegen-empty-');
    try {
      const fresh = join(site, 'out/fresh');
      expect((await runCli(['build', '--quiet', '--root', site, '--out', fresh])).code).toBe(0);
      expect(existsSync(join(fresh, 'index.html'))).toBe(true);
      const again = await runCli(['build', '--quiet', '--root', site, '--out', fresh, '--force']);
      expect(again.code, again.stderr).toBe(0);
      expect((await runCli(['build', '--quiet', '--root', site, '--out', empty])).code).toBe(0);
      expect(lstatSync(empty).isSymbolicLink()).toBe(true);
      expect(existsSync(join(empty, 'index.html'))).toBe(true);
      // A plain folder with a build manifest (sitegen before links): taken over, and a link from then on.
      const plain = join(site, 'plain');
      cpSync(fresh, plain, { recursive: true, dereference: true });
      expect(lstatSync(plain).isDirectory()).toBe(true);
      const taken = await runCli(['build', '--quiet', '--root', site, '--out', plain, '--force']);
      expect(taken.code, taken.stderr).toBe(0);
      expect(lstatSync(plain).isSymbolicLink()).toBe(true);
      expect(existsSync(join(plain, 'index.html'))).toBe(true);
    } finally {
      remove(site);
      remove(empty);
    }
  });
});

/** A build of `site` that pauses between the steps of its swap; resolves when `ready` says so, then kills it. */
async function killDuringSwap(site: string, ready: (pid: number) => boolean): Promise<void> {
  const child = spawn(process.execPath, [BIN, 'build', '--quiet', '--root', site], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', SITEGEN_TEST_SWAP_PAUSE_MS: '4000' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let code: number | null = null;
  const exited = new Promise((resolve) => child.once('exit', (c) => resolve((code = c))));
  for (let i = 0; i < 600 && code === null && !ready(child.pid!); i++) await new Promise((r) => setTimeout(r, 50));
  expect(ready(child.pid!), `exit ${code}: ${stderr}`).toBe(true);
  child.kill('SIGKILL');
  await exited;
}

describe('F10 a kill during the swap', () => {
  it('F10 leaves a complete output at every step, and the next build equals a cold one', async () => {
    const site = copyFixture('basic');
    const cold = tempDir('sitegen-cold-');
    try {
      const dist = join(site, 'dist');
      const gens = join(site, '.dist.sitegen');
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const about = join(site, 'content/about.md');
      const steps: [string, (pid: number) => boolean][] = [
        // the new output became a generation, the link not yet made
        ['generation', (pid) => existsSync(gens) && readdirSync(gens).some((n) => n.startsWith('out-') && n.endsWith(`-${pid}`))],
        // the new link made, not yet renamed over the output
        ['link', (pid) => !!lstatSync(join(gens, `link-${pid}`), { throwIfNoEntry: false })],
        // the output is the new one; the old generation not yet put away
        ['swapped', (pid) => readlinkSync(dist).endsWith(`-${pid}`)],
      ];
      for (const [step, ready] of steps) {
        const before = snapshot(dist);
        writeFileSync(about, `${readFileSync(about, 'utf8')}\nA line before the ${step} step.\n`);
        await killDuringSwap(site, ready);
        const after = snapshot(dist);
        // Whole: exactly the old output, or (once swapped) a complete new one with the edit.
        if (step === 'swapped') {
          expect(after.get('about/index.html')).toContain(`A line before the ${step} step.`);
          expect((await runCli(['build', '--quiet', '--root', site, '--out', join(cold, step), '--force'])).code).toBe(0);
          expect(after).toEqual(snapshot(join(cold, step)));
        } else {
          expect(after).toEqual(before);
        }
      }
      const next = await runCli(['build', '--quiet', '--root', site]);
      expect(next.code, next.stderr).toBe(0);
      expect((await runCli(['build', '--quiet', '--root', site, '--out', join(cold, 'out'), '--force'])).code).toBe(0);
      expect(snapshot(dist)).toEqual(snapshot(join(cold, 'out')));
      // What the killed builds left is gone once the next build is done (removed in the background).
      for (let i = 0; i < 100 && readdirSync(gens).length > 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(readdirSync(gens).sort()).toEqual(['README.txt', readlinkSync(dist).split('/').pop()!].sort());
    } finally {
      remove(site);
      remove(cold);
    }
  }, 120_000);
});

/** A small tmpfs (root on Linux only): a disk that fills up. Mounted by the test itself, so a filtered run leaves no mount. */
function smallDisk(kb: number): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  const dir = tempDir('sitegen-disk-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    remove(dir);
    return undefined;
  }
}

describe('a full disk', () => {
  it('says SG7001 once, naming a file, and leaves the previous output as it was', async (ctx) => {
    const disk = smallDisk(160);
    if (!disk) return ctx.skip();
    const site = copyFixture('basic');
    try {
      const out = join(disk, 'dist');
      const result = await runCli(['build', '--root', site, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stderr.match(/\[SG7001\]/g)).toHaveLength(1);
      expect(result.stderr).toMatch(new RegExp(`ENOSPC: no space left on device[^\\n]*'${disk}/\\.dist\\.sitegen/tmp-\\d+/[^']+'`));
      expect(result.stderr).toContain('hint: The disk is full');
      expect(existsSync(out)).toBe(false);
    } finally {
      remove(site);
      execFileSync('umount', [disk]);
      remove(disk);
    }
  });
});

describe('F1 output records cut short', () => {
  it('F1 records of the output left empty or cut in half (a full disk) are not trusted, and the next build equals a cold one', async () => {
    const site = copyFixture('basic');
    const cold = tempDir('sitegen-cold-');
    try {
      const about = join(site, 'content/about.md');
      for (const [i, cut] of [(text: string) => '', (text: string) => text.slice(0, text.length >> 1)].entries()) {
        writeFileSync(about, `${readFileSync(about, 'utf8')}\nEdit ${i}a.\n`);
        expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
        const cache = join(site, '.sitegen-cache');
        const records = readdirSync(cache).filter((name) => /^output\.\w+\./.test(name));
        expect(records.length).toBeGreaterThan(0);
        for (const name of records) writeFileSync(join(cache, name), cut(readFileSync(join(cache, name), 'utf8')));
        writeFileSync(about, `${readFileSync(about, 'utf8')}\nEdit ${i}b.\n`);
        const next = await runCli(['build', '--quiet', '--root', site]);
        expect(next.code, next.stderr).toBe(0);
        expect((await runCli(['build', '--quiet', '--root', site, '--out', join(cold, `out-${i}`), '--force'])).code).toBe(0);
        expect(snapshot(join(site, 'dist'))).toEqual(snapshot(join(cold, `out-${i}`)));
      }
    } finally {
      remove(site);
      remove(cold);
    }
  }, 120_000);
});

describe('F5 a dev server starting while a build runs, on an empty cache', () => {
  it('F5 never leaves an island chunk built from an entry written halfway', async () => {
    const site = copyFixture('basic');
    try {
      for (let round = 0; round < 8; round++) {
        rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
        const building = runCli(['build', '--quiet', '--root', site, '--force']);
        const dev = spawn(process.execPath, [BIN, 'dev', '--root', site, '--port', '0'], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
        const built = await building;
        dev.kill('SIGTERM');
        await new Promise((resolve) => dev.once('exit', resolve));
        expect(built.code, built.stderr).toBe(0);
        const chunks = readdirSync(join(site, 'dist/_sitegen/islands'));
        expect(chunks.length).toBeGreaterThan(0);
        // e3b0c44298 is the hash of nothing: a chunk bundled from an empty entry.
        expect(chunks.filter((name) => name.includes('e3b0c44298'))).toEqual([]);
        for (const name of chunks) expect(statSync(join(site, 'dist/_sitegen/islands', name)).size, name).toBeGreaterThan(0);
      }
    } finally {
      remove(site);
    }
  }, 180_000);
});

describe('F2, F3 compiled files in the cache cut short', () => {
  it('F2 F3 a compiled config, template bundle or plugin emptied, cut, garbled or deleted is compiled again: the next build equals a cold one', async () => {
    const site = copyFixture('basic');
    const cold = tempDir('sitegen-cold-');
    try {
      expect((await runCli(['build', '--quiet', '--root', site, '--out', join(cold, 'out'), '--force'])).code).toBe(0);
      const expected = snapshot(join(cold, 'out'));
      const cache = join(site, '.sitegen-cache');
      const damages: [string, (file: string) => void][] = [
        ['emptied', (file) => writeFileSync(file, '')],
        ['cut in half', (file) => writeFileSync(file, readFileSync(file).subarray(0, statSync(file).size >> 1))],
        ['garbled', (file) => writeFileSync(file, Buffer.alloc(statSync(file).size, 0x21))],
        ['deleted', (file) => rmSync(file)],
      ];
      for (const [how, damage] of damages) {
        expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
        const compiled = listFiles(cache).filter((f) => /^(config\.\w+\.mjs|render\/render\.\w+\.mjs|plugins\/.*\.mjs)$/.test(f));
        expect(compiled.filter((f) => f.startsWith('config.')).length, compiled.join()).toBe(1);
        expect(compiled.filter((f) => f.startsWith('render/')).length, compiled.join()).toBe(1);
        for (const file of compiled) damage(join(cache, file));
        // The output is up to date, but the next build must not trust what it compiled.
        rmSync(join(site, 'dist'));
        const next = await runCli(['build', '--quiet', '--root', site]);
        expect(next.code, `${how}: ${next.stderr}`).toBe(0);
        expect(snapshot(join(site, 'dist')), how).toEqual(expected);
      }
    } finally {
      remove(site);
      remove(cold);
    }
  }, 180_000);
});
