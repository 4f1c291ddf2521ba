import { describe, expect, it } from 'vitest';
import { DevPluginFiles } from '../../../src/dev/plugin-files.ts';
import type { DevSession } from '../../../src/dev/session.ts';
import { HookRunner, PluginError } from '../../../src/plugins/run.ts';
import type { SitegenHooks } from '../../../src/plugins/types.ts';

const runner = (hooks: SitegenHooks) => new HookRunner([{ name: 'odd-plugin', hooks }]);

describe('a hook that returns the wrong thing', () => {
  it.each([
    ['config:resolved', 42, 'it returned a number (42); "config:resolved" returns the config object'],
    ['config:resolved', [], 'it returned an array; "config:resolved" returns the config object'],
    ['content:loaded', { docs: [] }, 'it returned an object; "content:loaded" returns an array of documents'],
    ['page:html', 5, `it returned a number (5); "page:html" returns the page's HTML as a string`],
    ['page:html', null, `it returned null; "page:html" returns the page's HTML as a string`],
  ] as const)("%s returning %j fails as the plugin's error", async (hook, value, message) => {
    const hooks = runner({ [hook]: () => value } as SitegenHooks);
    const failed = await hooks.run(hook, () => [{}] as never).catch((error) => error);
    expect(failed).toBeInstanceOf(PluginError);
    expect(failed.message).toContain(`Plugin "odd-plugin" failed in hook "${hook}": ${message}`);
  });

  it('keeps what a hook returns when it is right, and the last value when it returns nothing', async () => {
    const hooks = new HookRunner([
      { name: 'a', hooks: { 'page:html': (html) => `${html}!` } },
      { name: 'b', hooks: { 'page:html': () => undefined } },
    ]);
    expect(await hooks.run('page:html', (previous) => [previous ?? '<p>x</p>', {} as never])).toBe('<p>x</p>!');
  });

  it("dev:files returning anything but path → function fails as the plugin's error, naming the path", async () => {
    for (const [files, message] of [
      [undefined, 'it returned undefined; "dev:files" returns an object of output path → function'],
      [['a.json'], 'it returned an array'],
      [{ 'index.json': '{"a":1}' }, 'its "index.json" is string, not a function'],
    ] as const) {
      const session = { hooks: runner({ 'dev:files': () => files as never }), pluginContext: () => ({}), pluginModules: [] };
      const served = new DevPluginFiles(session as unknown as DevSession);
      try {
        const failed = await served.get('index.json').catch((error) => error);
        expect(failed).toBeInstanceOf(PluginError);
        expect(failed.message).toContain(`Plugin "odd-plugin" failed in hook "dev:files": ${message}`);
      } finally {
        await served.close();
      }
    }
  });

  it('page:data: a JSON-LD object becomes its JSON and a number attribute its text; a tag other than meta or link fails', async () => {
    const head = () => ({ title: 'T', tags: [{ tag: 'meta', attrs: { name: 'a', content: 'b' } as Record<string, string> }], jsonld: ['{"a":1}'] });
    const context = { page: {}, head: head() };
    await runner({
      'page:data'({ head }) {
        head.jsonld.push({ '@type': 'Thing', name: '</script>' } as never);
        head.tags.push({ tag: 'meta', attrs: { name: 'reading-time', content: 7 as never } });
      },
    }).run('page:data', () => [context as never]);
    expect(context.head.jsonld).toEqual(['{"a":1}', '{"@type":"Thing","name":"</script>"}']);
    expect(context.head.tags[1].attrs.content).toBe('7');
    for (const [change, message] of [
      [
        (h: ReturnType<typeof head>) => h.tags.push({ tag: 'script', attrs: { src: '/x.js' } }),
        'it added head.tags[1] as <script>: head tags are "meta" or "link"',
      ],
      [
        (h: ReturnType<typeof head>) => h.tags.push({ tag: 'meta', attrs: { content: {} as never } }),
        'it set head.tags[1].attrs.content to an object; attributes are strings',
      ],
      [(h: ReturnType<typeof head>) => h.jsonld.push(5 as never), 'it set head.jsonld[1] to a number (5)'],
      [(h: ReturnType<typeof head>) => Object.assign(h, { title: undefined }), 'it set head.title to undefined; the title is a string'],
    ] as const) {
      const failed = await runner({ 'page:data': ({ head }) => void change(head as never) })
        .run('page:data', () => [{ page: {}, head: head() } as never])
        .catch((error) => error);
      expect(failed).toBeInstanceOf(PluginError);
      expect(failed.message).toContain(`Plugin "odd-plugin" failed in hook "page:data": ${message}`);
    }
  });

  it('content:loaded: a document left without what planning reads fails, naming it and the field', async () => {
    const doc = () => ({
      _id: 'content:a.md',
      _path: '/a',
      _source: 'content/a.md',
      _type: 'markdown',
      title: 'A',
      description: '',
      frontmatter: {},
      links: [],
      ids: [],
      middleware: [],
    });
    const docs = [doc(), doc()];
    expect(await runner({ 'content:loaded': (list) => void (list[1].title = 'B') }).run('content:loaded', () => [docs as never])).toBeUndefined();
    for (const [hook, message] of [
      [
        (list: ReturnType<typeof doc>[]) => void Object.assign(list[1], { _path: 'a' }),
        'it left documents[1] (content/a.md) with _path a string (a), where it is a route starting with /',
      ],
      [
        (list: ReturnType<typeof doc>[]) => [...list, { title: 'New' }],
        'it left documents[2] with _id undefined, where it is a string: a document a plugin adds starts as a copy of a parsed one',
      ],
      [(list: ReturnType<typeof doc>[]) => [...list, null], 'it left documents[2] as null'],
    ] as const) {
      const failed = await runner({ 'content:loaded': hook as never })
        .run('content:loaded', () => [[doc(), doc()] as never])
        .catch((error) => error);
      expect(failed).toBeInstanceOf(PluginError);
      expect(failed.message).toContain(`Plugin "odd-plugin" failed in hook "content:loaded": ${message}`);
    }
  });
});
