/**
 * The site's own stylesheets (site/styles/) as a brand theme writes them: fonts from site/public/fonts with @font-face,
 * under a base path (and `sitegen preview` says where to open it); a syntax error and a url() to a missing file are
 * reported by the build, at their lines.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, html, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let root: string;
let built: CliResult;

function write(file: string, text: string): void {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
}

beforeAll(async () => {
  root = tempDir('sitegen-site-styles-');
  write('site/config.ts', "export default { url: 'https://example.com', base: '/project/', name: 'Brand' };\n");
  write('content/index.md', '---\ntitle: Home\n---\n\nHello.\n');
  write('site/public/fonts/brand.woff2', 'not really a font');
  write(
    'site/styles/00-brand.css',
    [
      '@font-face { font-family: "Brand"; src: url("/fonts/brand.woff2") format("woff2"); }',
      '@font-face { font-family: "BrandRel"; src: url(../public/fonts/brand.woff2?v=2#x) format("woff2"); }',
      ':root { --font-sans: "Brand", system-ui, sans-serif; }',
      '.hero { background: url(/images/missing.png), url(data:image/png;base64,AA==), url(https://cdn.example.com/a.png); }',
      '.mark { mask: url(#shape); }',
      '',
    ].join('\n'),
  );
  write('site/styles/10-broken.css', '.promo { color: red;\n.promo-title { font-weight: 800 }\n');
  built = await runCli(['build', '--root', root]);
});
afterAll(() => remove(root));

function siteCss(): string {
  const href = html(join(root, 'dist'), 'index.html').querySelector('link[rel="stylesheet"]')!.getAttribute('href')!;
  return readFileSync(join(root, 'dist', href.replace(/^\/project\//, '')), 'utf8');
}

describe('site stylesheets', () => {
  it('builds, warning about the syntax error and the url() to a missing file at their lines', () => {
    expect(built.code).toBe(0);
    expect(built.stderr).toContain('warning site/styles/10-broken.css:1:8 [SG4004] Expected "}" to go with "{"\n');
    expect(built.stderr).toContain(
      'warning site/styles/00-brand.css:4:21 [SG5006] url(/images/missing.png) points at no file (looked for site/public/images/missing.png)\n',
    );
    // Only those two: the font is there, and data:, https: and #fragment URLs are not files of the site.
    expect(built.stderr.match(/^warning /gm)).toHaveLength(2);
  });

  it('serves url()s of public files under the base, root-relative or relative to the stylesheet', () => {
    const css = siteCss();
    expect(css).toContain('src:url(/project/fonts/brand.woff2) format("woff2")');
    expect(css).toContain('src:url(/project/fonts/brand.woff2?v=2#x) format("woff2")');
    expect(css).toContain('url(data:image/png;base64,AA==)');
    expect(css).toContain('url(https://cdn.example.com/a.png)');
    expect(css).toContain('url(#shape)');
    expect(readFileSync(join(root, 'dist/fonts/brand.woff2'), 'utf8')).toBe('not really a font');
  });

  it('prints the address to open under the base in sitegen preview, and the font loads from it', async () => {
    const child = spawn(process.execPath, [BIN, 'preview', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no address within 20 s:\n${output}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
          if (output.includes('\n')) {
            clearTimeout(timer);
            resolve(output.split('\n')[0]);
          }
        });
      });
      const url = /^Previewing .* at (http:\/\/\S+) {2}\(Ctrl-C to stop\)$/.exec(line)?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/project\/$/);
      expect((await fetch(url!)).status).toBe(200);
      expect(await (await fetch(`${url}fonts/brand.woff2`)).text()).toBe('not really a font');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('prints the address to open under the base in sitegen dev too', async () => {
    const child = spawn(process.execPath, [BIN, 'dev', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no address within 30 s:\n${output}`)), 30_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
          const found = /➜ (\S+)\n/.exec(output)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        });
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/project\/$/);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('fails the build on them with checks.stylesheets: error', async () => {
    write('site/config.ts', "export default { url: 'https://example.com', name: 'Brand', checks: { stylesheets: 'error' } };\n");
    const strict = await runCli(['build', '--root', root]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('✗ site/styles/10-broken.css:1:8 [SG4004] Stylesheet syntax error');
    expect(strict.stderr).toContain('✗ site/styles/00-brand.css:4:21 [SG5006] Missing file in stylesheet');
  });
});
