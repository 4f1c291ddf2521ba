import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BodyStore } from '../../../src/pipeline/bodies.ts';

const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`sitegen-bodies-${process.pid}-`));

describe('BodyStore (bodies kept on disk between parse and render)', () => {
  it('gives back each body exactly, in any order, whatever its characters', () => {
    const store = new BodyStore();
    const bodies = new Map([
      ['a', '<p>plain</p>'],
      ['b', '<h2 id="日本語の見出し">日本語の見出し</h2><p>emoji 🚢 and “quotes”</p>'],
      ['empty', ''],
      ['long', `<pre>${'x'.repeat(300_000)}</pre>`],
    ]);
    for (const [id, html] of bodies) store.set(id, html);
    expect(store.get('missing')).toBeUndefined();
    for (const id of ['long', 'b', 'empty', 'a', 'b']) expect(store.get(id)).toBe(bodies.get(id));
    // A document parsed again (the dev server) reads as its newest body.
    store.set('a', '<p>edited</p>');
    expect(store.get('a')).toBe('<p>edited</p>');
    expect(store.get('b')).toBe(bodies.get('b'));
    store.close();
    expect(store.get('a')).toBeUndefined();
  });
  it('tells where each body is, for another thread of the process to read it', async () => {
    const store = new BodyStore();
    const bodies = [
      ['a', '<p>first</p>'],
      ['b', '<p>日本語 🚢</p>'],
      ['c', ''],
    ] as const;
    for (const [id, html] of bodies) store.set(id, html);
    // Appended a batch at a time: written for other threads once flushed.
    store.flush();
    expect(store.where('missing')).toBeUndefined();
    for (const [id, html] of bodies) expect(BodyStore.readAt(store.where(id)!)).toBe(html);
    // Offsets and lengths are in bytes, and the descriptor is the process's: a worker thread reads them.
    const places = bodies.map(([id]) => store.where(id));
    const read = await new Promise<string[]>((resolve, reject) => {
      const worker = new Worker(
        `const { readSync } = require('node:fs');
        const { parentPort, workerData } = require('node:worker_threads');
        parentPort.postMessage(workerData.map(([fd, offset, length]) => { const b = Buffer.alloc(length); readSync(fd, b, 0, length, offset); return b.toString('utf8'); }));`,
        { eval: true, workerData: places },
      );
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(read).toEqual(bodies.map(([, html]) => html));
    store.close();
    expect(store.where('a')).toBeUndefined();
  });
  it('writes a large batch as it goes, and whatever follows at the next flush', () => {
    const store = new BodyStore();
    const big = Array.from({ length: 40 }, (_, i) => [`d${i}`, `<p>${String(i).repeat(40_000)}</p>`] as const);
    for (const [id, html] of big) store.set(id, html);
    // Past a megabyte the earlier bodies are on disk already, before any flush.
    expect(BodyStore.readAt(store.where('d0')!)).toBe(big[0][1]);
    store.set('tail', '<p>tail</p>');
    store.flush();
    for (const [id, html] of [...big, ['tail', '<p>tail</p>'] as const]) expect(BodyStore.readAt(store.where(id)!)).toBe(html);
    store.close();
  });
  it('reads two entries kept one after the other at once, and any two apart', () => {
    const store = new BodyStore();
    store.set('body', '<p>日本語 🚢</p>');
    store.set('meta', '{"title":"“quoted”"}');
    store.set('other', '<p>other</p>');
    expect(store.getPair('body', 'meta')).toEqual(['<p>日本語 🚢</p>', '{"title":"“quoted”"}']);
    expect(store.getPair('body', 'other')).toEqual(['<p>日本語 🚢</p>', '<p>other</p>']);
    expect(store.getPair('missing', 'meta')).toEqual([undefined, '{"title":"“quoted”"}']);
    store.close();
  });
  it('leaves no file behind, open or closed', () => {
    const store = new BodyStore();
    store.set('a', '<p>x</p>');
    expect(leftovers()).toEqual([]);
    store.close();
    expect(leftovers()).toEqual([]);
  });
  it('keeps the bodies in memory where no file can be made', () => {
    const before = process.env.TMPDIR;
    process.env.TMPDIR = '/nonexistent/sitegen-test';
    try {
      const store = new BodyStore();
      store.set('a', '<p>in memory</p>');
      // Only the worker that parsed it can read it: its pages go to that worker.
      expect(store.where('a')).toBeUndefined();
      expect(store.get('a')).toBe('<p>in memory</p>');
      expect(store.get('a')).toBe('<p>in memory</p>');
      store.close();
      expect(store.get('a')).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });
});
