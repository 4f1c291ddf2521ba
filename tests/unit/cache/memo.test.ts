/** The compile cache (src/cache/memo.ts): a value is reused only while its inputs hold what the compile read. */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memo } from '../../../src/cache/memo.ts';
import { remove, tempDir } from '../../helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) remove(dir);
});

function project(): { cache: string; input: string } {
  const dir = tempDir('sitegen-memo-');
  dirs.push(dir);
  const input = join(dir, 'page.tsx');
  writeFileSync(input, 'version 1');
  // Saved a while ago, as a file the compile did not race with.
  utimesSync(input, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  return { cache: join(dir, 'cache'), input };
}

/** A compile that reads the input, as esbuild does, and counts its runs. */
function compiler(input: string, during?: () => void) {
  let runs = 0;
  const compile = async () => {
    runs++;
    const value = readFileSync(input, 'utf8');
    during?.();
    return { value, inputs: [input] };
  };
  return { compile, runs: () => runs };
}

describe('memo', () => {
  it('reuses a value while its input is unchanged, and compiles again after a change', async () => {
    const { cache, input } = project();
    const { compile, runs } = compiler(input);
    expect(await memo(cache, 'templates', 'k', compile)).toBe('version 1');
    expect(await memo(cache, 'templates', 'k', compile)).toBe('version 1');
    expect(runs()).toBe(1);
    writeFileSync(input, 'version 2');
    expect(await memo(cache, 'templates', 'k', compile)).toBe('version 2');
  });

  it('never hands out what a compile read for an input saved again while it compiled', async () => {
    const { cache, input } = project();
    // The next save of a burst lands after the compile read the file and before it finished.
    const first = compiler(input, () => writeFileSync(input, 'version 2'));
    expect(await memo(cache, 'templates', 'k', first.compile)).toBe('version 1');
    const next = compiler(input);
    expect(await memo(cache, 'templates', 'k', next.compile)).toBe('version 2');
    expect(next.runs()).toBe(1);
  });
});
