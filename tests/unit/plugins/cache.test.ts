/** The plugins' cache: values by key across builds, a damaged file read as missing, unused entries pruned. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PluginCacheFolder } from '../../../src/plugins/cache.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('PluginCacheFolder', () => {
  it('gives back what an earlier build stored under a key, and nothing for another key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sitegen-plugin-cache-'));
    await new PluginCacheFolder(dir).set('index ja v1', '{"terms":1}');
    const next = new PluginCacheFolder(dir);
    expect(await next.get('index ja v1')).toBe('{"terms":1}');
    expect(await next.get('index ja v2')).toBeUndefined();
  });

  it('reads a damaged or truncated entry as missing, never as a wrong value', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sitegen-plugin-cache-'));
    await new PluginCacheFolder(dir).set('k', 'the whole value');
    const [file] = readdirSync(dir);
    const text = readFileSync(join(dir, file), 'utf8');
    writeFileSync(join(dir, file), text.slice(0, -3));
    expect(await new PluginCacheFolder(dir).get('k')).toBeUndefined();
    writeFileSync(join(dir, file), 'not even a hash');
    expect(await new PluginCacheFolder(dir).get('k')).toBeUndefined();
  });

  it('removes after a build the entries it neither read nor wrote', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sitegen-plugin-cache-'));
    const first = new PluginCacheFolder(dir);
    await first.set('old', 'a');
    await first.set('kept', 'b');
    const second = new PluginCacheFolder(dir);
    expect(await second.get('kept')).toBe('b');
    await second.prune();
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await new PluginCacheFolder(dir).get('old')).toBeUndefined();
  });

  it('leaves the compiled plugin modules beside its entries', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sitegen-plugin-cache-'));
    // As plugins/load.ts names them in the same folder: a dev server may be running them.
    writeFileSync(join(dir, '6035b46240570137.mjs'), 'export default {};\n');
    const cache = new PluginCacheFolder(dir);
    await cache.set('index', 'v');
    await new PluginCacheFolder(dir).prune();
    expect(readdirSync(dir)).toEqual(['6035b46240570137.mjs']);
  });
});
