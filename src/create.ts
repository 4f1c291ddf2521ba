/**
 * `sitegen create <dir>`: a new site from templates/starter, installed only with `--install`. sitegen is not on npm
 * yet, so the site depends on a copy of the running sitegen packed into its vendor/ folder.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { PACKAGE_NAME, PACKAGE_ROOT } from './paths.ts';

export const STARTER_DIR = join(PACKAGE_ROOT, 'templates/starter');

export interface CreateOptions {
  dir: string;
  /** Run `npm install` in the new site. */
  install?: boolean;
  /** The folder the command runs in (for the printed `cd`). */
  cwd?: string;
  /** Languages, the default first (`['en', 'de']`): the config lists them and each other one gets a copy of the docs to translate. */
  locales?: string[];
}

export interface CreateResult {
  dir: string;
  files: string[];
  /** The two commands to run next. */
  next: string[];
  /** The packed copy of sitegen the site depends on, relative to it (`vendor/react-sitegen-<version>.tgz`). */
  vendored: string;
}

export class CreateError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** An npm package name from a folder name: `My Site!` → `my-site`. */
export function packageName(dir: string): string {
  return (
    basename(resolve(dir))
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-._]+|-+$/g, '') || 'my-site'
  );
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
  );
}

function devVersions(): Record<string, string> {
  const own = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const pick = (name: string) => `^${own.devDependencies[name]}`;
  // The theme's components import react-dom/server: its types are needed to type-check a site.
  return {
    '@types/node': pick('@types/node'),
    '@types/react': pick('@types/react'),
    '@types/react-dom': pick('@types/react-dom'),
    typescript: pick('typescript'),
  };
}

function npm(args: string[], cwd: string, inherit = false): SpawnSyncReturns<string> {
  // npm.cmd is a batch file, which Node runs only through a shell.
  const win = process.platform === 'win32';
  return spawnSync(win ? 'npm.cmd' : 'npm', args, { cwd, encoding: 'utf8', shell: win, stdio: inherit ? 'inherit' : 'pipe' });
}

/** Pack this package (the lib/ it runs, never recompiled: no scripts) into `dir`; the tarball's name. */
function packSelf(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const packed = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], PACKAGE_ROOT);
  let filename: string | undefined;
  try {
    filename = (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename;
  } catch {
    /* not JSON: npm failed, reported below */
  }
  if (packed.status !== 0 || !filename || !existsSync(join(dir, filename))) {
    const why = (packed.error?.message ?? packed.stderr ?? '').trim().split('\n').slice(-3).join('\n  ');
    throw new CreateError(
      `could not pack ${PACKAGE_NAME} into the new site's vendor/ folder${why ? `:\n  ${why}` : ''}`,
      'sitegen create runs npm pack on its own package: npm must be on the PATH.',
    );
  }
  return filename;
}

function extraFiles(name: string, vendored: string): Record<string, string> {
  const manifest = {
    name,
    private: true,
    type: 'module',
    scripts: { dev: 'sitegen dev', build: 'sitegen build', preview: 'sitegen preview', typecheck: 'tsc --noEmit' },
    dependencies: { [PACKAGE_NAME]: `file:${vendored}` },
    devDependencies: devVersions(),
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      strict: true,
      allowImportingTsExtensions: true,
      isolatedModules: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
    include: ['site'],
  };
  return {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    '.gitignore': 'node_modules/\ndist\n.dist.sitegen/\n.sitegen-cache/\n',
  };
}

/** A language code `--locales` accepts: BCP 47 as sites use it (`en`, `pt-BR`, `zh-Hans`). */
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** `en,de` → `['en', 'de']`, or a CreateError naming what is wrong. */
export function parseLocales(list: string): string[] {
  const codes = list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  const bad = codes.find((code) => !LOCALE.test(code));
  if (bad || !codes.length)
    throw new CreateError(
      `--locales: ${bad ? `"${bad}" is not a language code` : 'no language given'}`,
      'List language codes, the default first: --locales en,de',
    );
  const twice = codes.find((code, i) => codes.indexOf(code) !== i);
  if (twice) throw new CreateError(`--locales: "${twice}" is listed twice`, 'List each language once, the default first: --locales en,de');
  return codes;
}

/** The starter in several languages: the config lists them, and each other locale gets a copy of the docs (links into its folder). */
function addLocales(dir: string, locales: string[]): void {
  const [, ...others] = locales;
  const config = join(dir, 'site/config.ts');
  const quoted = (code: string) => `'${code}'`;
  const overrides = others
    .map((code) => `      ${/^[a-z]+$/.test(code) ? code : quoted(code)}: { nav: [{ text: 'Docs', href: '/${code.toLowerCase()}/docs/guide' }] },`)
    .join('\n');
  const text = readFileSync(config, 'utf8')
    .replace(
      /^(\s*)plugins: \[/m,
      (line, indent: string) =>
        `${indent}// The site's languages, the default first: its pages are at the root, each other's in content/<code>/.\n${indent}locales: [${locales.map(quoted).join(', ')}],\n${line}`,
    )
    .replace(
      /^(\s*)docsSections: (.*)$/m,
      (line, indent: string) =>
        `${line}\n${indent}// What differs per language: the header's links (labels, and their addresses in its folder).\n${indent}locales: {\n${overrides}\n${indent}},`,
    );
  writeFileSync(config, text);
  const docs = join(dir, 'content/docs');
  for (const code of others) {
    for (const file of listFiles(docs)) {
      const target = join(dir, 'content', code, 'docs', file);
      mkdirSync(join(target, '..'), { recursive: true });
      const source = readFileSync(join(docs, file), 'utf8').replace(/\]\(\/docs\//g, `](/${code.toLowerCase()}/docs/`);
      writeFileSync(target, source.replace(/^---\n/, `---\n# The ${code} copy of content/docs/${file}: translate it; pages pair up by path.\n`));
    }
  }
}

export function createSite(options: CreateOptions): CreateResult {
  const cwd = options.cwd ?? process.cwd();
  const dir = resolve(cwd, options.dir);
  // A file where the folder (or one of its parents) would be.
  for (let at = dir; ; at = dirname(at)) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(at, { throwIfNoEntry: false });
    } catch {
      stats = undefined; // a file on the way (ENOTDIR): found further up
    }
    if (stats && !stats.isDirectory())
      throw new CreateError(
        `${options.dir} cannot be made: ${relative(cwd, at) || at} is a file`,
        'sitegen create writes a new site into a new or empty folder; pick another name.',
      );
    if (stats || dirname(at) === at) break;
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new CreateError(`${options.dir} is not empty`, 'sitegen create writes a new site into a new or empty folder; pick another name.');
  }
  const existed = existsSync(dir);
  mkdirSync(dir, { recursive: true });
  let vendored: string;
  try {
    vendored = `vendor/${packSelf(join(dir, 'vendor'))}`;
  } catch (error) {
    rmSync(existed ? join(dir, 'vendor') : dir, { recursive: true, force: true });
    throw error;
  }
  cpSync(STARTER_DIR, dir, { recursive: true });
  for (const [file, text] of Object.entries(extraFiles(packageName(dir), vendored))) writeFileSync(join(dir, file), text);
  if (options.locales && options.locales.length > 1) addLocales(dir, options.locales);
  const shown = relative(cwd, dir) || '.';
  const cd = `cd ${/[\s'"$`\\]/.test(shown) ? JSON.stringify(shown) : shown}`;
  if (options.install) {
    if (npm(['install'], dir, true).status !== 0)
      throw new CreateError(`npm install failed in ${shown}`, 'The site was written; run npm install in it yourself to see why.');
  }
  const files = listFiles(dir)
    .filter((f) => !f.startsWith('node_modules'))
    .sort();
  return { dir, files, next: [cd, options.install ? 'npm run dev' : 'npm install && npm run dev'], vendored };
}

/** What `sitegen create` prints: where the site is, what it depends on, what to run next. */
export function formatCreated(created: CreateResult): string {
  return [
    `Created a new site in ${created.dir} (${created.files.length} files).`,
    '',
    `${PACKAGE_NAME} is not on npm yet: the site depends on this copy of it, packed into`,
    `${created.vendored} ("${PACKAGE_NAME}": "file:${created.vendored}" in package.json; keep it in git).`,
    '',
    'Next:',
    ...created.next.map((command) => `  ${command}`),
  ].join('\n');
}
