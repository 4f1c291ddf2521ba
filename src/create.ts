/**
 * `sitegen create <dir>`: a new site from the neutral starter in templates/starter. Writes files
 * only; installs dependencies only when asked (`--install`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { PACKAGE_ROOT, VERSION } from './paths.ts';

export const STARTER_DIR = join(PACKAGE_ROOT, 'templates/starter');

export interface CreateOptions {
  dir: string;
  /** Run `npm install` in the new site. */
  install?: boolean;
  /** The folder the command runs in (for the printed `cd`). */
  cwd?: string;
}

export interface CreateResult {
  dir: string;
  files: string[];
  /** The two commands to run next. */
  next: string[];
}

export class CreateError extends Error {
  constructor(message: string, readonly hint: string) {
    super(message);
  }
}

/** An npm package name from a folder name: `My Site!` → `my-site`. */
export function packageName(dir: string): string {
  return basename(resolve(dir)).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|-+$/g, '') || 'my-site';
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
  );
}

function devVersions(): Record<string, string> {
  const own = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const pick = (name: string) => `^${own.devDependencies[name]}`;
  return { '@types/node': pick('@types/node'), '@types/react': pick('@types/react'), typescript: pick('typescript') };
}

function extraFiles(name: string): Record<string, string> {
  const manifest = {
    name,
    private: true,
    type: 'module',
    scripts: { dev: 'sitegen dev', build: 'sitegen build', preview: 'sitegen preview', typecheck: 'tsc --noEmit' },
    dependencies: { sitegen: `^${VERSION}` },
    devDependencies: devVersions(),
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM', 'DOM.Iterable'], jsx: 'react-jsx',
      strict: true, allowImportingTsExtensions: true, isolatedModules: true, skipLibCheck: true, noEmit: true, types: ['node'],
    },
    include: ['site'],
  };
  return {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    '.gitignore': 'node_modules/\ndist\n.dist.sitegen/\n.sitegen-cache/\n',
  };
}

export function createSite(options: CreateOptions): CreateResult {
  const cwd = options.cwd ?? process.cwd();
  const dir = resolve(cwd, options.dir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new CreateError(`${options.dir} is not empty`, 'sitegen create writes a new site into a new or empty folder; pick another name.');
  }
  mkdirSync(dir, { recursive: true });
  cpSync(STARTER_DIR, dir, { recursive: true });
  for (const [file, text] of Object.entries(extraFiles(packageName(dir)))) writeFileSync(join(dir, file), text);
  const shown = relative(cwd, dir) || '.';
  const cd = `cd ${/[\s'"$`\\]/.test(shown) ? JSON.stringify(shown) : shown}`;
  if (options.install) {
    const npm = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install'], { cwd: dir, stdio: 'inherit' });
    if (npm.status !== 0) throw new CreateError(`npm install failed in ${shown}`, 'The site was written; run npm install in it yourself to see why.');
  }
  return { dir, files: listFiles(dir).filter((f) => !f.startsWith('node_modules')).sort(), next: [cd, options.install ? 'npm run dev' : 'npm install && npm run dev'] };
}
