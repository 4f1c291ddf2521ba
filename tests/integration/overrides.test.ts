/**
 * Theme overrides: components in site/components/ replace the theme's of the same name, wherever
 * they are used; an override can wrap the original. Through the real CLI, on a created site.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let parent: string;
let site: string;
let built: CliResult;

beforeAll(async () => {
  parent = tempDir('sitegen-overrides-');
  site = join(parent, 'site');
  await runCli(['create', 'site'], { cwd: parent });
  mkdirSync(join(site, 'site/components'));
  writeFileSync(
    join(site, 'site/components/Footer.tsx'),
    `import type { SiteInfo } from 'sitegen';
import { Footer as ThemeFooter } from 'sitegen/templates/components/Footer';
import { Once } from 'sitegen/templates';

// Its id is the one the theme's footer uses inside: each keeps its own HTML.
export function Footer({ site }: { site: SiteInfo }) {
  return <><Once scope={site} id="footer:en" as="div"><p id="my-note">{\`Hand-made for \${site.name}\`}</p></Once><ThemeFooter site={site} /></>;
}
`,
  );
  // An override replaces the whole module: what else the theme imports from it is re-exported.
  writeFileSync(
    join(site, 'site/components/PostCard.tsx'),
    `import type { Author, PostSummary } from 'sitegen';
export { Byline } from 'sitegen/templates/components/PostCard';

export function PostCard({ post }: { post: PostSummary; authors: Record<string, Author> }) {
  return <article className="my-card"><a href={post.path}>{post.title.toUpperCase()}</a></article>;
}
`,
  );
  // Wrapping the original through the theme's index: its own name there is the theme's, not the override itself.
  writeFileSync(
    join(site, 'site/components/Header.tsx'),
    `import type { SiteInfo } from 'react-sitegen';
import { Header as ThemeHeader } from 'react-sitegen/templates';

export function Header(props: { site: SiteInfo; path: string }) {
  return <><div className="my-bar">Brand bar</div><ThemeHeader {...props} /></>;
}
`,
  );
  // A second override doing the same: each gets its own name as the original, whichever esbuild meets first. Like
  // Ferrygate's Logo.tsx, it exports Brand and LogoMark and nothing else the theme might import (no homeIn).
  writeFileSync(
    join(site, 'site/components/Logo.tsx'),
    `import { Brand as ThemeBrand, LogoMark } from 'react-sitegen/templates';
export { LogoMark };

export function Brand(props: Parameters<typeof ThemeBrand>[0]) {
  return <span className="my-brand"><ThemeBrand {...props} /></span>;
}
`,
  );
  writeFileSync(join(site, 'site/components/NotATheme.tsx'), 'export const x = 1;\n');
  built = await runCli(['build', '--root', site]);
});
afterAll(() => remove(parent));

describe('site/components overrides', () => {
  it('builds', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  });

  it('replaces a theme component on every page, and the override can wrap the original', () => {
    for (const file of ['index.html', 'docs/guide/index.html', 'blog/2025/01/15/hello-world/index.html', '404.html']) {
      const doc = html(join(site, 'dist'), file);
      expect(doc.querySelector('#my-note')?.text, file).toBe('Hand-made for My site');
      expect(doc.querySelectorAll('footer.site-footer').length, file).toBe(1);
      // The header's and the footer's brand come from the Logo override (which has no homeIn: the theme's is in util.ts).
      expect(doc.querySelectorAll('.my-brand').length, file).toBe(2);
    }
  });

  it('wraps the original when an override imports its own name from react-sitegen/templates (no endless self-render)', () => {
    for (const file of ['index.html', 'docs/guide/index.html', '404.html']) {
      const doc = html(join(site, 'dist'), file);
      expect(doc.querySelectorAll('.my-bar').length, file).toBe(1);
      expect(doc.querySelectorAll('header.site-header').length, file).toBe(1);
      // The theme's footer, reached through the theme's index, still gets the site's Footer override.
      expect(doc.querySelectorAll('#my-note').length, file).toBe(1);
      // The header's and the footer's brand, each wrapped once by the Logo override.
      expect(doc.querySelectorAll('.my-brand').length, file).toBe(2);
      expect(doc.querySelectorAll('.my-brand > a.brand').length, file).toBe(2);
    }
  });

  it("keeps the theme footer's own HTML when the override's <Once> has the id the theme uses inside (footer:en)", () => {
    const doc = html(join(site, 'dist'), 'index.html');
    expect(doc.querySelector('footer.site-footer #my-note')).toBeNull();
    expect(doc.querySelector('footer.site-footer .footer-brand')).not.toBeNull();
  });

  it('replaces a component a page imports from sitegen/templates', () => {
    const home = html(join(site, 'dist'), 'index.html');
    expect(home.querySelectorAll('.starter-posts article.my-card a').map((a) => a.text)).toEqual(['HELLO, WORLD']);
  });

  it('names the missing export when an override lacks something the theme imports', async () => {
    const broken = tempDir('sitegen-overrides-broken-');
    try {
      await runCli(['create', 'site'], { cwd: broken });
      mkdirSync(join(broken, 'site/site/components'));
      writeFileSync(join(broken, 'site/site/components/PostCard.tsx'), 'export function PostCard() { return null; }\n');
      const result = await runCli(['build', '--root', join(broken, 'site')]);
      expect(result.code).toBe(1);
      // Placed in the override (not in the theme's file importing it), with what it does export and what to do.
      expect(result.stderr).toContain(
        '✗ site/components/PostCard.tsx [SG4002] Templates failed to compile\n  No matching export in "site/components/PostCard.tsx" for import "Byline" (it exports PostCard)\n' +
          "  hint: site/components/PostCard.tsx replaces the theme's PostCard module, so it must export every name the theme imports from it.",
      );
      expect(result.stderr).toContain(
        "Export Byline (with the theme's props), or re-export the theme's: export { Byline } from 'react-sitegen/templates/components/PostCard'.",
      );
    } finally {
      remove(broken);
    }
  });

  // A site with page modules has its bundle imported by the main thread (for the pages' meta); one without, by the
  // workers alone. Either way, a throw at a component's top level is the templates' error, and the output stays.
  it.each([
    ['with page modules', true],
    ['without page modules', false],
  ])('fails with SG4002 when a component throws while the templates load (%s), leaving the output', async (_, pages) => {
    const broken = tempDir('sitegen-overrides-throws-');
    try {
      const root = join(broken, 'site');
      mkdirSync(join(root, 'content'), { recursive: true });
      writeFileSync(join(root, 'content/index.md'), '---\ntitle: Home\n---\n\nHello.\n');
      if (pages) {
        mkdirSync(join(root, 'site/pages'), { recursive: true });
        writeFileSync(
          join(root, 'site/pages/about.tsx'),
          "export const meta = { title: 'About' };\nexport default function About() { return <p>About</p>; }\n",
        );
      }
      expect((await runCli(['build', '--root', root])).code).toBe(0);
      const before = readFileSync(join(root, 'dist/index.html'), 'utf8');
      mkdirSync(join(root, 'site/components'), { recursive: true });
      writeFileSync(join(root, 'site/components/Badge.tsx'), "throw new Error('no badge today');\nexport function Badge() { return null; }\n");
      const result = await runCli(['build', '--root', root]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        '[SG4002] Templates failed to compile\n  The templates threw while loading: no badge today\n  hint: Code at the top level',
      );
      expect(result.stderr).not.toContain('SG4003');
      expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe(before);
    } finally {
      remove(broken);
    }
  });

  it('warns that a file named like a theme component in another case (footer.tsx) replaces nothing', async () => {
    const other = tempDir('sitegen-overrides-case-');
    try {
      mkdirSync(join(other, 'content'), { recursive: true });
      writeFileSync(join(other, 'content/index.md'), '---\ntitle: Home\n---\n\nHello.\n');
      mkdirSync(join(other, 'site/components'), { recursive: true });
      writeFileSync(join(other, 'site/components/footer.tsx'), 'export function Footer() { return <footer id="mine" />; }\n');
      const result = await runCli(['build', '--root', other]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        "warning site/components/footer.tsx [SG4006] replaces no theme component: the theme's is Footer, and names are matched with their case\n",
      );
      expect(html(join(other, 'dist'), 'index.html').querySelectorAll('footer.site-footer').length).toBe(1);
    } finally {
      remove(other);
    }
  });

  it('goes back to the theme when the override is removed (no stale template cache)', async () => {
    rmSync(join(site, 'site/components/Footer.tsx'));
    const again = await runCli(['build', '--root', site]);
    expect(again.code).toBe(0);
    const home = html(join(site, 'dist'), 'index.html');
    expect(home.querySelector('#my-note')).toBeNull();
    expect(home.querySelectorAll('footer.site-footer').length).toBe(1);
    expect(home.querySelectorAll('article.my-card').length).toBe(1);
  });
});
