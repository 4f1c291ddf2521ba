import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configSchema, formatConfigIssues, type ResolvedConfig } from './schema.ts';
import { SitegenError } from '../errors.ts';
import { bundleForNode } from '../resolve.ts';
import { hashInputs } from '../hash.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { markUsed, pruneUnused } from '../cache/prune.ts';
import { memo } from '../cache/memo.ts';
import { writeAtomic } from '../cache/json-file.ts';
import { resolveLocales } from '../site/locales.ts';
import { displayPath } from '../content/scope.ts';

export const CONFIG_FILES = ['site/config.ts', 'site/config.mts', 'site/config.js', 'site/config.mjs'];

export function findConfigFile(root: string): string | undefined {
  return CONFIG_FILES.map((name) => join(root, name)).find((file) => existsSync(file));
}

/** The file of an error's first stack frame (a path or file: URL), if its stack names one. */
function firstFrame(error: unknown): string | undefined {
  for (const line of ((error as Error | undefined)?.stack ?? '').split('\n')) {
    const frame = /^\s+at (?:.*? \()?(.+?):\d+:\d+\)?$/.exec(line);
    if (frame && !frame[1].startsWith('node:')) return frame[1];
  }
  return undefined;
}

/** Whether an error was raised by the compiled config's own code (it holds the site's imports too). */
function thrownBy(error: unknown, compiled: string): boolean {
  if (!(error instanceof Error) || !error.stack) return true; // a thrown string, say: only the config's code does that
  const frame = firstFrame(error);
  if (frame) return frame === compiled || frame === pathToFileURL(compiled).href;
  // A module that fails to link (a missing export) names the importing file only above the message.
  const stack = error.stack;
  return stack.includes(compiled) || stack.includes(pathToFileURL(compiled).href);
}

/** A config that failed to load because of sitegen, its install or a package: not the user's syntax. */
function notTheConfigsFault(error: unknown, file: string, stage: 'compiling' | 'loading'): SitegenError {
  const where = firstFrame(error);
  return new SitegenError(
    'SG1002',
    `sitegen failed while ${stage} the site config, outside the config's own code: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    {
      location: { file },
      hint: `This is a problem in sitegen or its install${where ? ` (raised in ${where.replace(/^file:\/\//, '')})` : ''}, or in a package the config imports, not in your config: reinstall (npm install), and report it with the output of --debug if it stays.`,
      cause: error,
    },
  );
}

/** Bundle and import the config module (TypeScript allowed), returning its default export. */
async function importConfig(file: string, cacheDir: string): Promise<{ value: unknown; hash: string }> {
  // Problems name it as every other file: from the project's folder (site/config.ts).
  const shown = displayPath(file, dirname(dirname(file)));
  // Compiled once and reused while the config and everything it imports are unchanged.
  const { out, hash } = await memo(cacheDir, 'config', file, async () => {
    let code: string;
    let inputs: string[];
    try {
      ({ code, inputs } = await bundleForNode(file, dirname(dirname(file))));
    } catch (error) {
      const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
      // Not a compile error esbuild reports about the config's source: sitegen itself failed.
      if (!first) throw notTheConfigsFault(error, shown, 'compiling');
      throw new SitegenError('SG1002', first.text, {
        location: first.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : { file: shown },
        hint: 'Fix the syntax error in the site config.',
        cause: error,
      });
    }
    const codeHash = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const hash = await hashInputs(inputs, [dirname(dirname(file)), PACKAGE_ROOT]);
    await mkdir(cacheDir, { recursive: true });
    const out = join(cacheDir, `config.${codeHash}.mjs`);
    await writeAtomic(out, code); // whole or not at all, and never kept from a build cut short
    pruneUnused(cacheDir, /^config\.[0-9a-f]+\.mjs/, out);
    return { value: { out, hash }, inputs, outputs: [out] };
  });
  markUsed(out);
  try {
    const mod = await import(pathToFileURL(out).href);
    return { value: mod.default ?? {}, hash };
  } catch (error) {
    if (!thrownBy(error, out)) throw notTheConfigsFault(error, shown, 'loading');
    throw new SitegenError('SG1002', `The site config threw while loading: ${(error as Error).message}`, {
      location: { file: shown },
      hint: 'Run the config file on its own to see the full error.',
      cause: error,
    });
  }
}

/** The plugins every site runs unless its config lists its own. */
export const DEFAULT_PLUGINS = ['react-sitegen/plugins/seo', 'react-sitegen/plugins/markdown'];

export interface LoadedConfig {
  config: ResolvedConfig;
  /** The content folder the config itself names (before command-line overrides), absolute. */
  configuredContentDir: string;
  /** Path of the config file, if there is one. */
  file?: string;
  /** Hash of the bundled config code, part of the build id. */
  hash: string;
}

export interface ConfigOverrides {
  contentDir?: string;
  outDir?: string;
  url?: string;
}

function applyOverrides(config: ResolvedConfig, overrides: ConfigOverrides): ResolvedConfig {
  const out = { ...config };
  if (overrides.contentDir) out.contentDir = resolve(overrides.contentDir);
  if (overrides.outDir) out.outDir = resolve(overrides.outDir);
  if (overrides.url) out.url = overrides.url.replace(/\/+$/, '');
  return out;
}

/** Whether a code is a well-formed BCP 47 language tag (`de`, `pt-BR`), as `<html lang>` and `Intl` take it. */
function isLanguageTag(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(code).length === 1;
  } catch {
    return false;
  }
}

export function resolveConfig(input: unknown, root: string): ResolvedConfig {
  const parsed = configSchema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new SitegenError('SG1001', formatConfigIssues(parsed.error, input).join('\n'), {
      hint: 'Fix the values above in site/config.ts; every key and its default is listed in docs/config.md.',
    });
  }
  const data = parsed.data;
  const locales = resolveLocales(data.locales);
  const defaultLocale = data.defaultLocale ?? locales[0]?.code ?? data.lang;
  const codes = locales.map((l) => l.code);
  const listed = [...new Set(codes)];
  // The checks across keys: every one that fails is listed, one line each, as the schema's own problems are.
  const problems: { line: string; hint: string }[] = [];
  if (locales.length && !codes.includes(defaultLocale)) {
    problems.push({
      line: `! defaultLocale: expected one of ${listed.map((c) => JSON.stringify(c)).join(', ')}, received ${JSON.stringify(defaultLocale)}`,
      hint: 'defaultLocale must be one of locales.',
    });
  }
  data.locales.forEach((entry, i) => {
    const code = typeof entry === 'string' ? entry : entry.code;
    if (!isLanguageTag(code))
      problems.push({
        line: `! locales.${i}${typeof entry === 'string' ? '' : '.code'}: expected a BCP 47 language tag like de or pt-BR, received ${JSON.stringify(code)}`,
        hint: 'Write each locale as a BCP 47 tag: a language, then a region or script after a hyphen (de-AT, zh-Hans), never an underscore.',
      });
  });
  const twice = codes.find((code, i) => codes.indexOf(code) !== i);
  if (twice) problems.push({ line: `! locales: ${JSON.stringify(twice)} is listed twice`, hint: 'List each locale once.' });
  for (const unknown of Object.keys(data.theme.locales).filter((code) => !codes.includes(code))) {
    problems.push({
      line: `! theme.locales.${unknown}: expected one of the locales (${listed.join(', ') || 'none configured'}), received ${JSON.stringify(unknown)}`,
      hint: 'Key theme.locales by the codes listed in locales.',
    });
  }
  problems.push(...versionProblems(data.theme));
  if (problems.length) {
    throw new SitegenError('SG1001', problems.map((p) => p.line).join('\n'), { hint: [...new Set(problems.map((p) => p.hint))].join(' ') });
  }
  return {
    ...data,
    theme: withVersions(data.theme),
    url: data.url.replace(/\/+$/, ''),
    plugins: data.plugins ?? DEFAULT_PLUGINS,
    // The default first: it is the site's root, and switchers list it first.
    locales: [...locales.filter((l) => l.code === defaultLocale), ...locales.filter((l) => l.code !== defaultLocale)],
    defaultLocale,
    root,
  } as ResolvedConfig;
}

/** What is wrong with `versions` against the rest of the theme: a folder listed twice, a `docsRoot` that is not the latest's. */
function versionProblems(theme: { docsRoot: string; versions: { dir: string }[] }): { line: string; hint: string }[] {
  const [latest] = theme.versions;
  if (!latest) return [];
  const problems: { line: string; hint: string }[] = [];
  const dirs = theme.versions.map((v) => v.dir);
  const twice = dirs.find((dir, i) => dirs.indexOf(dir) !== i);
  if (twice) problems.push({ line: `! theme.versions: ${JSON.stringify(twice)} is listed twice`, hint: 'List each version once.' });
  const root = theme.docsRoot.replace(/^\/+|\/+$/g, '');
  if (root && root !== latest.dir) {
    problems.push({
      line: `! theme.docsRoot: expected the latest version's folder (${JSON.stringify(latest.dir)}) or nothing, received ${JSON.stringify(theme.docsRoot)}`,
      hint: 'With theme.versions, each version is the docs root of its pages: leave docsRoot out.',
    });
  }
  return problems;
}

/** With `versions`, the latest's folder is the docs root of every page outside the versions' folders (`docsRoot`, if set, names it). */
function withVersions<T extends { docsRoot: string; versions: { dir: string }[] }>(theme: T): T {
  const [latest] = theme.versions;
  if (!latest) return theme;
  return { ...theme, docsRoot: latest.dir };
}

export async function loadConfig(rootDir: string, overrides: ConfigOverrides = {}): Promise<LoadedConfig> {
  const root = resolve(rootDir);
  const file = findConfigFile(root);
  if (!file) {
    const config = resolveConfig({}, root);
    return { config: applyOverrides(config, overrides), configuredContentDir: resolve(root, config.contentDir), hash: 'none' };
  }
  const { value, hash } = await importConfig(file, join(root, '.sitegen-cache'));
  try {
    const config = resolveConfig(value, root);
    return { config: applyOverrides(config, overrides), configuredContentDir: resolve(root, config.contentDir), file, hash };
  } catch (error) {
    if (error instanceof SitegenError && !error.location) {
      throw new SitegenError(error.code, error.message, { hint: error.hint, location: { file: displayPath(file, root) } });
    }
    throw error;
  }
}
