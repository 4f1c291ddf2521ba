import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleTemplates, findTemplateSources } from '../../../src/render/bundle.ts';
import { PACKAGE_ROOT } from '../../../src/paths.ts';
import { copyFixture, remove } from '../../helpers.ts';

const site = copyFixture('basic');
afterAll(() => remove(site));

describe('the template bundle', () => {
  it('loads React with require: one copy of it, and nothing for Node to lex for export names', async () => {
    const sources = await findTemplateSources(join(PACKAGE_ROOT, 'templates'), join(site, 'site/pages'));
    const bundle = await bundleTemplates(sources, site, join(site, '.sitegen-cache'));
    const code = readFileSync(bundle.file, 'utf8');
    // No static import of React's CommonJS files (Node would lex them in every thread that loads the bundle) ...
    expect(code).not.toMatch(/^import [^\n]* from "[^"]*node_modules\/react(-dom)?\//m);
    expect(code).toMatch(/__require\("[^"]*node_modules\/react-dom\/server\.node\.js"\)/);
    // ... and the bundle's React is the module every other import of the package gets.
    const mod = (await import(pathToFileURL(bundle.file).href)) as { createElement: unknown; renderToString: (node: unknown) => string };
    const react = createRequire(join(PACKAGE_ROOT, 'package.json'))('react') as { createElement: unknown };
    expect(mod.createElement).toBe(react.createElement);
    expect(mod.renderToString((mod.createElement as (t: string, p: null, c: string) => unknown)('p', null, 'hi'))).toBe('<p>hi</p>');
  });
});
