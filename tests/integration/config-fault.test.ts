/**
 * SG1002 says whose fault a config that cannot load is: an error raised by the config's own code
 * asks the user to look at the config; one raised outside it (sitegen, its install, a package the
 * config imports) says so instead of blaming the config's syntax.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let dir: string;

function site(name: string, config: string, files: Record<string, string> = {}): string {
  const root = join(dir, name);
  for (const [file, text] of Object.entries({ 'site/config.ts': config, 'content/index.md': '---\ntitle: Home\n---\n\nHi.\n', ...files })) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

let own: CliResult;
let dependency: CliResult;

beforeAll(async () => {
  dir = tempDir('sitegen-config-fault-');
  const ownRoot = site(
    'own',
    "import { defineConfig } from 'react-sitegen';\nconst theme = undefined as unknown as { nav: unknown[] };\nexport default defineConfig({ name: String(theme.nav.length) });\n",
  );
  // A package whose module raises a TypeError as the config imports it.
  const depRoot = site(
    'dependency',
    "import { defineConfig } from 'react-sitegen';\nimport { name } from 'broken-dep';\nexport default defineConfig({ name });\n",
    {
      'node_modules/broken-dep/package.json': '{ "name": "broken-dep", "version": "1.0.0", "type": "module", "main": "index.js" }\n',
      'node_modules/broken-dep/index.js': 'const build = undefined;\nexport const name = build();\n',
    },
  );
  [own, dependency] = await Promise.all([runCli(['build', '--root', ownRoot]), runCli(['build', '--root', depRoot])]);
});
afterAll(() => remove(dir));

describe('SG1002: a site config that cannot load', () => {
  it('points at the config when its own code throws', () => {
    expect(own.code).toBe(1);
    expect(own.stderr).toMatch(/\[SG1002\][^\n]*\n\s+The site config threw while loading: Cannot read properties of undefined \(reading 'nav'\)/);
    expect(own.stderr).toContain('hint: Run the config file on its own to see the full error.');
  });

  it('blames sitegen, its install or a package, not the config, when the error is raised outside it', () => {
    expect(dependency.code).toBe(1);
    expect(dependency.stderr).toContain("sitegen failed while loading the site config, outside the config's own code: TypeError: build is not a function");
    expect(dependency.stderr).toMatch(
      /hint: This is a problem in sitegen or its install \(raised in \S*node_modules\/broken-dep\/index\.js\), or in a package the config imports, not in your config/,
    );
    expect(dependency.stderr).not.toMatch(/syntax error|Run the config file on its own/);
  });
});
