import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../../src/content/types.ts';
import { HookRunner, copyDocument } from '../../../src/plugins/run.ts';

/** A document as parsing leaves it, with a Date and nested arrays in its front matter. */
function parsed(): ContentDocument {
  return {
    _id: 'content:guide.md',
    _path: '/guide',
    _source: 'content/guide.md',
    _type: 'markdown',
    title: 'Guide',
    description: '',
    links: [],
    ids: [],
    middleware: [],
    hash: 'abc',
    frontmatter: {
      title: 'Guide',
      tags: ['a', 'b'],
      published: new Date('2024-01-02T03:04:05Z'),
      extra: { nested: [{ deep: 1 }], empty: null, missing: undefined },
    },
    body: { html: '', toc: { links: [{ id: 'one', text: 'One', depth: 2, children: [] }] } },
  } as unknown as ContentDocument;
}

describe('the copies content:loaded hooks get', () => {
  it('are deep: changing one leaves the document as parsed', () => {
    const doc = parsed();
    const copy = copyDocument(doc);
    expect(copy).toEqual(doc);
    (copy.frontmatter.tags as string[]).push('c');
    (copy.frontmatter.extra as { nested: { deep: number }[] }).nested[0].deep = 2;
    copy.body!.toc.links[0].text = 'Changed';
    copy.title = 'Changed';
    expect(doc).toEqual(parsed());
  });

  it('keep what is not plain data as structuredClone copies it', () => {
    const doc = parsed();
    const copy = copyDocument(doc);
    const date = copy.frontmatter.published as Date;
    expect(date).toBeInstanceOf(Date);
    expect(date).not.toBe(doc.frontmatter.published);
    expect(date.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(Object.keys(copy.frontmatter.extra as object)).toEqual(['nested', 'empty', 'missing']);
  });

  it('copy a document that holds a cycle', () => {
    const doc = parsed();
    (doc.frontmatter as Record<string, unknown>).self = doc.frontmatter;
    const copy = copyDocument(doc);
    expect(copy.frontmatter).not.toBe(doc.frontmatter);
    expect((copy.frontmatter as Record<string, unknown>).self).toBe(copy.frontmatter);
  });

  it('are what the hook changes, through HookRunner.contentLoaded', async () => {
    const docs = [parsed()];
    const runner = new HookRunner([
      {
        name: 'retitle',
        hooks: {
          'content:loaded'(list) {
            for (const d of list) d.title += ' +';
          },
        },
      },
    ]);
    const [hooked] = await runner.contentLoaded(docs);
    expect(hooked.title).toBe('Guide +');
    expect(docs[0].title).toBe('Guide');
  });
});
