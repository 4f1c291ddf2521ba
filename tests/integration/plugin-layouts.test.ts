/**
 * A layout a plugin contributes, chosen in a document's front matter and in a page module's `meta`; one that forgets
 * to place the page (`children`, `page.html`) fails the build naming the page and the layout, instead of shipping a
 * page without its content.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let root: string;
let built: CliResult;

function write(file: string, text: string): void {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
}

const LAYOUT = (name: string, inside: string) => `import type { LayoutProps } from 'react-sitegen';
import { Shell } from 'react-sitegen/templates';

export default function ${name}({ site, page, children }: LayoutProps) {
  return <Shell site={site} path={page.path} page={page}><div className="hero"><h1>{page.title}</h1></div>${inside}</Shell>;
}
`;

beforeAll(async () => {
  root = tempDir('sitegen-plugin-layouts-');
  write('site/config.ts', "export default { url: 'https://example.com', name: 'Brand', plugins: ['react-sitegen/plugins/seo', './site/plugins/brand.ts'] };\n");
  write(
    'site/plugins/brand.ts',
    `import type { SitegenPlugin } from 'react-sitegen';
export default (): SitegenPlugin => ({
  name: 'brand',
  layouts: {
    landing: new URL('./landing.tsx', import.meta.url).pathname,
    bare: new URL('./bare.tsx', import.meta.url).pathname,
  },
  hooks: {},
});
`,
  );
  write('site/plugins/landing.tsx', LAYOUT('Landing', '{children ?? <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />}'));
  write('site/plugins/bare.tsx', LAYOUT('Bare', ''));
  write('content/index.md', '---\ntitle: Home\n---\n\nHello.\n');
  write('content/about.md', '---\ntitle: About us\nlayout: landing\n---\n\nWe make boats.\n');
  // Front matter only: a body-less document has nothing to leave out.
  write('content/launch.md', '---\ntitle: Launch\nlayout: bare\n---\n');
  write(
    'site/pages/pricing.tsx',
    "import type { PageMeta } from 'react-sitegen';\nexport const meta: PageMeta = { title: 'Pricing', description: 'Prices.', layout: 'landing' };\nexport default function Pricing() { return <p id=\"prices\">Cheap.</p>; }\n",
  );
  built = await runCli(['build', '--root', root]);
});
afterAll(() => remove(root));

describe('layouts from a plugin', () => {
  it('lays out a document (front matter) and a page (meta) with their content', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const about = html(join(root, 'dist'), 'about/index.html');
    expect(about.querySelector('.hero h1')?.text).toBe('About us');
    expect(about.querySelector('.prose')?.text.trim()).toBe('We make boats.');
    const pricing = html(join(root, 'dist'), 'pricing/index.html');
    expect(pricing.querySelector('.hero h1')?.text).toBe('Pricing');
    expect(pricing.querySelector('#prices')?.text).toBe('Cheap.');
    expect(html(join(root, 'dist'), 'launch/index.html').querySelector('.hero h1')?.text).toBe('Launch');
  });

  it('fails naming the page and the layout when the layout leaves out children or page.html', async () => {
    write('content/story.md', '---\ntitle: Our story\nlayout: bare\n---\n\nIt began with a boat.\n');
    write(
      'site/pages/team.tsx',
      "import type { PageMeta } from 'react-sitegen';\nexport const meta: PageMeta = { title: 'Team', description: 'Us.', layout: 'bare' };\nexport default function Team() { return <p>Us.</p>; }\n",
    );
    const result = await runCli(['build', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '✗ content/story.md [SG4005] Layout left out the page\n' +
        '  /story: the "bare" layout (site/plugins/bare.tsx) rendered without its markdown body (page.html), so the page shows none of its content\n' +
        '  hint: Place the body in the layout: <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />',
    );
    expect(result.stderr).toContain(
      '✗ site/pages/team.tsx [SG4005] Layout left out the page\n' +
        '  /team: the "bare" layout (site/plugins/bare.tsx) rendered without its page component (site/pages/team.tsx), passed as children, so the page shows none of its content\n' +
        "  hint: Render {children} in the layout where the page goes, as the theme's layouts do.",
    );
    expect(result.stderr).toContain('Build failed: 2 problems.');
  });

  it('renders a page whose meta names an unknown layout with the default one, suggesting the layout it meant, so links to it are not broken', async () => {
    rmSync(join(root, 'content/story.md'));
    rmSync(join(root, 'site/pages/team.tsx'));
    write('content/index.md', '---\ntitle: Home\n---\n\nSee [our prices](/pricing).\n');
    write(
      'site/pages/pricing.tsx',
      "import type { PageMeta } from 'react-sitegen';\nexport const meta: PageMeta = { title: 'Pricing', description: 'Prices.', layout: 'landng' };\nexport default function Pricing() { return <p id=\"prices\">Cheap.</p>; }\n",
    );
    const result = await runCli(['build', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '✗ site/pages/pricing.tsx [SG2003] Unknown layout\n' +
        '  Unknown layout "landng": the page is shown with the "default" layout until this is fixed\n' +
        '  hint: Did you mean "landing"? Use one of: bare, content, default, doc, feature, home, landing, post.',
    );
    // The page is still a route: the link to it is not another problem.
    expect(result.stderr).not.toContain('SG5001');
    expect(result.stderr).toContain('Build failed: 1 problem.');

    write(
      'site/config.ts',
      "export default { url: 'https://example.com', name: 'Brand', plugins: ['react-sitegen/plugins/seo', './site/plugins/brand.ts'], checks: { layouts: 'warn' } };\n",
    );
    const warned = await runCli(['build', '--root', root]);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain('warning site/pages/pricing.tsx [SG2003] Unknown layout "landng"');
    const pricing = html(join(root, 'dist'), 'pricing/index.html');
    expect(pricing.querySelector('#__sitegen')?.getAttribute('data-layout')).toBe('default');
    expect(pricing.querySelector('#prices')?.text).toBe('Cheap.');
  });
});
