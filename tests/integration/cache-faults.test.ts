/**
 * A cache that cannot hurt (issue 42, item 6): every kind of file in `.sitegen-cache/`, damaged
 * in any of four ways, and output files changed by hand, still give the bytes of a cold build.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  utimesSync,
  appendFileSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, copyFixture, listFiles, remove, runCli, tempDir } from '../helpers.ts';

/** Body edits, each of one document; a state is the fixture with some of them applied. */
const EDITS = {
  setup: ['content/guide/2.setup.md', '\nA paragraph added to the setup guide.\n'],
  hello: ['content/blog/2020-01-21-hello-world.md', '\nA paragraph added to the first post.\n'],
} as const;
type Edit = keyof typeof EDITS;

const applyEdits = (site: string, edits: readonly Edit[]) => {
  for (const edit of edits) appendFileSync(join(site, EDITS[edit][0]), EDITS[edit][1]);
};

/** Words a build prints only when a cache file's fault escaped as a raw error or blamed the user. */
const RAW_ERROR = /Unexpected end of JSON input|Cannot convert undefined or null|Unexpected token|is not valid JSON|SyntaxError|TypeError|SG1002/;

interface Output {
  files: Map<string, Buffer>;
  id: string;
}

/** The output's files, `_sitegen/builds/` left out (it lists every build), and the build id. */
function outputOf(site: string): Output {
  const dir = join(site, 'dist');
  const files = new Map(
    listFiles(dir)
      .filter((f) => !f.startsWith('_sitegen/builds/'))
      .map((f) => [f, readFileSync(join(dir, f))]),
  );
  const id = (JSON.parse(readFileSync(join(dir, '_sitegen/builds/latest.json'), 'utf8')) as { id: string }).id;
  return { files, id };
}

/** What differs between two outputs: one line per file, empty when they are byte-identical. */
function differences(actual: Output, expected: Output): string[] {
  const out: string[] = [];
  if (actual.id !== expected.id) out.push(`build id ${actual.id}, cold ${expected.id}`);
  for (const [file, bytes] of expected.files) {
    const got = actual.files.get(file);
    if (!got) out.push(`missing ${file}`);
    else if (!got.equals(bytes)) out.push(`differs ${file}`);
  }
  for (const file of actual.files.keys()) if (!expected.files.has(file)) out.push(`extra ${file}`);
  return out;
}

/** The cold output of the fixture with `edits`, built once per state in a copy with no cache. */
const colds = new Map<string, Promise<Output>>();
function coldOutput(edits: readonly Edit[]): Promise<Output> {
  const key = edits.join('+');
  if (!colds.has(key)) {
    colds.set(
      key,
      (async () => {
        const site = copyFixture('basic');
        try {
          applyEdits(site, edits);
          const built = await runCli(['build', '--quiet', '--root', site]);
          expect(built.code, built.stderr).toBe(0);
          return outputOf(site);
        } finally {
          remove(site);
        }
      })(),
    );
  }
  return colds.get(key)!;
}

/**
 * How the output of `site` differs from the cold build of `edits`. On a difference the cold build
 * is made again and compared once more: sitegen's own sources are part of every build id, and in
 * a working tree they may have changed since the cold output was made.
 */
async function differsFromCold(site: string, edits: readonly Edit[]): Promise<string[]> {
  const actual = outputOf(site);
  if (differences(actual, await coldOutput(edits)).length === 0) return [];
  colds.delete(edits.join('+'));
  return differences(actual, await coldOutput(edits));
}

/** Wait until replaced generations are deleted (in the background), so only the current one and the spare are left. */
async function settle(site: string): Promise<void> {
  const gens = join(site, '.dist.sitegen');
  const current = basename(readlinkSync(join(site, 'dist')));
  const end = Date.now() + 30_000;
  while (readdirSync(gens).some((entry) => entry !== 'README.txt' && entry !== current && !entry.startsWith('spare-'))) {
    if (Date.now() > end) throw new Error(`old generations never removed: ${readdirSync(gens).join(', ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const STATE = ['.sitegen-cache', '.dist.sitegen', 'dist'];

/** Copy the cache, the generations and the output link, with their times (an output file newer than its build is not reused). */
function saveState(site: string, to: string): void {
  execFileSync('cp', ['-a', ...STATE.map((name) => join(site, name)), to]);
}

function restoreState(site: string, from: string): void {
  for (const name of STATE) rmSync(join(site, name), { recursive: true, force: true });
  execFileSync('cp', ['-a', ...STATE.map((name) => join(from, name)), site]);
}

/** Cache files grouped by kind: the name with its hex hashes replaced. */
function cacheKinds(site: string): Map<string, string[]> {
  const kinds = new Map<string, string[]>();
  for (const file of listFiles(join(site, '.sitegen-cache'))) {
    const kind = file.replace(/[0-9a-f]{8,}/g, '<hash>');
    kinds.set(kind, [...(kinds.get(kind) ?? []), file]);
  }
  return kinds;
}

/** Bytes that look like nothing sitegen writes, the same on every run. */
function garbage(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let x = 0x2545f491;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

const DAMAGES: [string, (file: string) => void][] = [
  ['truncated to 0 bytes', (file) => truncateSync(file, 0)],
  ['truncated to half', (file) => truncateSync(file, statSync(file).size >> 1)],
  ['same-size garbage', (file) => writeFileSync(file, garbage(statSync(file).size))],
  ['deleted', (file) => rmSync(file)],
];

describe('every kind of cache file, damaged, never gives a wrong site', () => {
  let site: string;
  let saved: string;
  let kinds: Map<string, string[]>;
  const B: Edit[] = ['setup', 'hello'];

  beforeAll(async () => {
    site = copyFixture('basic');
    saved = tempDir('sitegen-cache-faults-');
    const coldB = coldOutput(B);
    // State A: built twice (the second after an edit), so the change files (*.delta.json) exist too.
    expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
    applyEdits(site, ['setup']);
    const second = await runCli(['build', '--quiet', '--root', site]);
    expect(second.code, second.stderr).toBe(0);
    await settle(site);
    kinds = cacheKinds(site);
    saveState(site, saved);
    // State B: one more document's body edited.
    applyEdits(site, ['hello']);
    await coldB;
  }, 120_000);

  afterAll(() => {
    remove(site);
    remove(saved);
  });

  it('finds every kind of cache file, change files included', () => {
    const names = [...kinds.keys()];
    for (const kind of [
      'documents.json',
      'sources.json',
      'listing.json',
      'output.<hash>.json',
      'config.<hash>.mjs',
      'render/render.<hash>.mjs',
      'islands/islands.<hash>.json',
    ]) {
      expect(names).toContain(kind);
    }
    expect(
      names.some((name) => name.endsWith('.delta.json')),
      names.join(', '),
    ).toBe(true);
  });

  it('an undamaged cache: the warm build of state B equals its cold build', async () => {
    restoreState(site, saved);
    const built = await runCli(['build', '--quiet', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
    expect(await differsFromCold(site, B)).toEqual([]);
    await settle(site);
  });

  for (const [how, damage] of DAMAGES) {
    it(`each kind ${how}: the build exits 0 with no raw error and equals the cold build`, async () => {
      const problems: string[] = [];
      for (const [kind, files] of kinds) {
        restoreState(site, saved);
        for (const file of files) damage(join(site, '.sitegen-cache', file));
        const built = await runCli(['build', '--quiet', '--root', site]);
        const said = `${built.stdout}${built.stderr}`;
        if (built.code !== 0) problems.push(`${kind}: exit ${built.code}: ${said.trim()}`);
        else {
          if (RAW_ERROR.test(said)) problems.push(`${kind}: raw error: ${said.trim()}`);
          for (const diff of await differsFromCold(site, B)) problems.push(`${kind}: ${diff}`);
          await settle(site);
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }
});

describe('the source index damaged while its digest is intact (the sources unchanged, the build stale)', () => {
  for (const [how, damage] of DAMAGES) {
    it(`sources.json ${how}: the build equals the cold build`, async () => {
      const site = copyFixture('basic');
      try {
        expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
        expect(readdirSync(join(site, '.sitegen-cache'))).toContain('sources.digest.json');
        damage(join(site, '.sitegen-cache/sources.json'));
        // Not a source: the digest stands for the index until the build turns out to have work.
        writeFileSync(join(site, 'site/public/notes.txt'), 'A public file added.\n');
        const built = await runCli(['build', '--root', site]);
        expect(built.code, built.stderr).toBe(0);
        expect(built.stdout).not.toMatch(/up to date/);
        expect(`${built.stdout}${built.stderr}`).not.toMatch(RAW_ERROR);
        const cold = copyFixture('basic');
        try {
          writeFileSync(join(cold, 'site/public/notes.txt'), 'A public file added.\n');
          expect((await runCli(['build', '--quiet', '--root', cold])).code).toBe(0);
          expect(differences(outputOf(site), outputOf(cold))).toEqual([]);
        } finally {
          remove(cold);
        }
      } finally {
        remove(site);
      }
    }, 120_000);
  }
});

/**
 * Replaced by another file (another inode) of the same size with its date set back: only the inode tells it apart. The
 * spare check (OutputCheck.spareSame) and the workers' link both compare inodes.
 */
const REPLACED: [string, (file: string) => void] = [
  'replaced by another file of the same size, dated back',
  (file) => {
    const { size, mtime } = statSync(file);
    rmSync(file);
    writeFileSync(file, garbage(size));
    utimesSync(file, mtime, mtime);
  },
];

// Twice: checked by the workers as they link each file (a small site), and beforehand on the output check's thread, as
// for a site of 8,000 files or more (SITEGEN_TEST_CHECK_THREAD_FROM), after which the build takes the spare over unseen.
for (const threaded of [false, true]) {
  describe(`the kept generation (the next build starts from it), damaged, never gives a wrong site${threaded ? ' (checked on the output check thread)' : ''}`, () => {
    const env: Record<string, string> = threaded ? { SITEGEN_TEST_CHECK_THREAD_FROM: '1' } : {};
    const build = (...more: string[]) => runCli(['build', '--quiet', '--root', site, ...more], { env });
    let site: string;
    let saved: string;
    const B: Edit[] = ['setup', 'hello'];

    beforeAll(async () => {
      site = copyFixture('basic');
      saved = tempDir('sitegen-spare-faults-');
      expect((await build()).code).toBe(0);
      applyEdits(site, ['setup']);
      expect((await build()).code).toBe(0);
      await settle(site);
      saveState(site, saved);
      applyEdits(site, ['hello']);
    }, 120_000);

    afterAll(() => {
      remove(site);
      remove(saved);
    });

    it('intact: the build equals the cold build, and takes the spare over unseen only after the thread checked it', async () => {
      restoreState(site, saved);
      const built = await runCli(['build', '--root', site, '--profile'], { env });
      expect(built.code, built.stderr).toBe(0);
      expect(built.stdout.includes('unchanged files left as they are')).toBe(threaded);
      expect(await differsFromCold(site, B)).toEqual([]);
      await settle(site);
    }, 120_000);

    // Its unchanged files are the current output's (hard links): damaged in place, both are.
    for (const [how, damage] of [...DAMAGES, REPLACED]) {
      it(`every file ${how}: the build equals the cold build`, async () => {
        restoreState(site, saved);
        const gens = join(site, '.dist.sitegen');
        const spare = readdirSync(gens).find((name) => name.startsWith('spare-'));
        expect(spare).toBeDefined();
        const files = listFiles(join(gens, spare!));
        expect(files.length).toBeGreaterThan(10);
        for (const file of files) damage(join(gens, spare!, file));
        const built = await build();
        expect(built.code, built.stderr).toBe(0);
        expect(await differsFromCold(site, B)).toEqual([]);
        await settle(site);
      }, 120_000);
    }

    it('links planted in it are replaced, never followed out of the project', async () => {
      restoreState(site, saved);
      const gens = join(site, '.dist.sitegen');
      const spare = join(gens, readdirSync(gens).find((name) => name.startsWith('spare-'))!);
      const outside = tempDir('sitegen-outside-');
      try {
        // A page file that is a link to the current output's own file, and a folder that is a link out of the project.
        const page = listFiles(spare).find((f) => f.endsWith('index.html') && f.includes('/'))!;
        rmSync(join(spare, page));
        symlinkSync(join(site, 'dist', page), join(spare, page));
        const folder = listFiles(spare)
          .find((f) => f.startsWith('guide/') && f.endsWith('/index.html'))!
          .split('/')
          .slice(0, 2)
          .join('/');
        rmSync(join(spare, folder), { recursive: true });
        symlinkSync(outside, join(spare, folder));
        const built = await build();
        expect(built.code, built.stderr).toBe(0);
        expect(readdirSync(outside)).toEqual([]);
        const dist = realpathSync(join(site, 'dist'));
        expect(lstatSync(join(dist, page)).isSymbolicLink()).toBe(false);
        expect(lstatSync(join(dist, folder)).isDirectory()).toBe(true);
        expect(await differsFromCold(site, B)).toEqual([]);
        await settle(site);
      } finally {
        remove(outside);
      }
    }, 120_000);

    it('gone: the build equals the cold build', async () => {
      restoreState(site, saved);
      const gens = join(site, '.dist.sitegen');
      for (const name of readdirSync(gens)) if (name.startsWith('spare-')) rmSync(join(gens, name), { recursive: true });
      const built = await build();
      expect(built.code, built.stderr).toBe(0);
      expect(await differsFromCold(site, B)).toEqual([]);
    }, 120_000);
  });
}

/** Change bytes in the middle of an output file, keeping its size (as a hand edit or a bad sync would). */
function scribble(file: string): void {
  const bytes = readFileSync(file);
  const at = bytes.length >> 1;
  bytes.write('CORRUPTED-BY-TESTER!', at, 'latin1');
  writeFileSync(file, bytes);
}

describe('F4 output files changed since the build that wrote them', () => {
  // An output file changed with its modification time set back (utimesSync) to its old value is
  // not detected, by design: the build trusts size and mtime and does not re-read the output.
  it('F4 a page and a content API file changed by hand are written again, with nothing else changed and after another edit', async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const dist = join(site, 'dist');
      const api = listFiles(join(dist, 'api/_content/query'))[0]!;
      const damage = () => {
        scribble(join(dist, 'about/index.html'));
        scribble(join(dist, 'api/_content/query', api));
      };

      damage();
      const again = await runCli(['build', '--root', site]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).not.toMatch(/up to date/i);
      expect(await differsFromCold(site, [])).toEqual([]);

      await settle(site);
      damage();
      applyEdits(site, ['setup']);
      const edited = await runCli(['build', '--root', site]);
      expect(edited.code, edited.stderr).toBe(0);
      expect(await differsFromCold(site, ['setup'])).toEqual([]);
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe('a CI job: the cache and the generations restored, no output link', () => {
  it('after a one-document edit it renders only that page, and with nothing edited it still equals a cold build', async () => {
    const site = copyFixture('basic');
    try {
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      await settle(site);

      rmSync(join(site, 'dist'));
      applyEdits(site, ['setup']);
      const edited = await runCli(['build', '--root', site]);
      expect(edited.code, edited.stderr).toBe(0);
      const unchanged = Number(/rendered \d+ pages? \((\d+) unchanged\)/.exec(edited.stdout)?.[1] ?? 0);
      expect(unchanged, edited.stdout).toBeGreaterThan(0);
      expect(await differsFromCold(site, ['setup'])).toEqual([]);
      await settle(site);

      rmSync(join(site, 'dist'));
      const same = await runCli(['build', '--root', site]);
      expect(same.code, same.stderr).toBe(0);
      // Nothing edited: the last build's generation is whole, so the link to it is all that is missing.
      expect(same.stdout).toMatch(/is up to date .*the output link restored/);
      expect(await differsFromCold(site, ['setup'])).toEqual([]);
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe('F5 a dev server starting while a build runs, on an empty cache, 20 times', () => {
  it('F5 no island chunk is empty or bundled from an empty entry', async () => {
    const site = copyFixture('basic');
    try {
      for (let round = 0; round < 20; round++) {
        rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
        const building = runCli(['build', '--quiet', '--root', site, '--force']);
        const dev = spawn(process.execPath, [BIN, 'dev', '--root', site, '--port', '0'], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
        const built = await building;
        const exited = dev.exitCode !== null || dev.signalCode !== null ? Promise.resolve() : new Promise((r) => dev.once('exit', r));
        dev.kill('SIGTERM');
        await exited;
        expect(built.code, built.stderr).toBe(0);
        const islands = join(site, 'dist/_sitegen/islands');
        const chunks = readdirSync(islands);
        expect(chunks.length).toBeGreaterThan(0);
        // e3b0c44298 starts the SHA-256 of nothing: a chunk bundled from an empty entry.
        expect(
          chunks.filter((name) => name.includes('e3b0c44298')),
          `round ${round}`,
        ).toEqual([]);
        for (const name of chunks) expect(statSync(join(islands, name)).size, `round ${round}: ${name}`).toBeGreaterThan(0);
      }
    } finally {
      remove(site);
    }
  }, 600_000);
});
