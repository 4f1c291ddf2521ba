/** Loading plugins from the config: each module is compiled once into the cache, then imported by the main thread and every worker. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SitegenError } from '../errors.ts';
import { hashInputs, hashText } from '../hash.ts';
import { PACKAGE_ROOT, TEMPLATES_DIR, isInside } from '../paths.ts';
import { bundleForNode, resolvesAsPrebuilt } from '../resolve.ts';
import type { PluginRef, SitegenPlugin } from './types.ts';
import { memo } from '../cache/memo.ts';
import { writeAtomic } from '../cache/json-file.ts';

/** The built-in plugins every site gets when its config lists none. */
export { DEFAULT_PLUGINS } from '../config/load.ts';

/** A compiled plugin module, ready to import anywhere. */
export interface PluginModule {
  file: string;
  options: unknown;
  /** As the config names it. */
  spec: string;
  /** The source module (contributed layouts and islands given as relative paths resolve from it). */
  source: string;
  /** Hash of the plugin's source files by content and relative name: part of the build id. */
  inputsHash: string;
}

export function pluginRefs(entries: (string | [string, unknown])[]): PluginRef[] {
  return entries.map((entry) => (typeof entry === 'string' ? { module: entry, options: undefined } : { module: entry[0], options: entry[1] }));
}

function modulePath(spec: string, root: string): string {
  // `react-sitegen/plugins/<name>` (or the old name's `sitegen/plugins/<name>`): a built-in plugin.
  const builtIn = /^(?:react-)?sitegen\/plugins\/(.+)$/.exec(spec);
  if (builtIn) return join(TEMPLATES_DIR, 'plugins', `${builtIn[1]}.ts`);
  if (spec.startsWith('.') || isAbsolute(spec)) return resolve(root, spec);
  return spec; // a package: esbuild resolves it from the root
}

export async function compilePlugins(refs: PluginRef[], root: string, cacheDir: string): Promise<PluginModule[]> {
  const dir = join(cacheDir, 'plugins');
  await mkdir(dir, { recursive: true });
  return Promise.all(
    refs.map(async (ref) => {
      const entry = modulePath(ref.module, root);
      // Compiled once per source; a built-in plugin is prebuilt for every project whose packages resolve as sitegen's.
      const builtIn = isInside(entry, TEMPLATES_DIR);
      const shared = builtIn
        ? {
            key: JSON.stringify([relative(PACKAGE_ROOT, entry)]),
            usable: (value: { packages?: string[] }) => !!value.packages && resolvesAsPrebuilt(root, value.packages),
          }
        : undefined;
      const compiled = await memo(
        cacheDir,
        'plugin',
        JSON.stringify([entry, root]),
        async () => {
          let code: string;
          let inputs: string[];
          let packages: string[];
          try {
            // `import.meta.url` keeps naming the source module, so a plugin can point at files beside it.
            ({ code, inputs, packages } = await bundleForNode(entry, root, { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) }));
          } catch (error) {
            const first = (error as { errors?: { text: string }[] }).errors?.[0];
            throw new SitegenError('SG6001', `Plugin module "${ref.module}" could not be compiled: ${first?.text ?? String(error)}`, {
              location: { file: 'site/config.ts' },
              hint: 'Plugins are listed by module path (./plugins/x.ts, a package name, or react-sitegen/plugins/<name>).',
              cause: error,
            });
          }
          const file = join(dir, `${hashText(code)}.mjs`);
          await writeAtomic(file, code); // whole or not at all, and never kept from a build cut short
          return { value: { file, inputsHash: await hashInputs(inputs, [PACKAGE_ROOT, root]), packages }, inputs, outputs: [file] };
        },
        shared,
      );
      return { file: compiled.file, options: ref.options, spec: ref.module, source: entry, inputsHash: compiled.inputsHash };
    }),
  );
}

const instances = new Map<string, SitegenPlugin>();

/** What is wrong with a layout, island or component a plugin contributes (`path`: resolved), and a hint; or nothing. */
function contributedProblem(kind: string, name: string, file: string, path: string): [string, string] | undefined {
  if (!existsSync(path)) return [`from ${file}, which does not exist`, 'Its path is absolute or relative to the plugin module.'];
  if (kind === 'component' && !/^[A-Z]/.test(name)) {
    return ['whose name starts with a small letter', `Name it "${name[0].toUpperCase()}${name.slice(1)}": markdown takes <${name}> for HTML.`];
  }
  return undefined;
}

/** The module's plugin: its default export, called with the options when it is a factory. A throw names the module. */
async function pluginOf(m: PluginModule): Promise<SitegenPlugin | undefined> {
  let doing = 'imported';
  try {
    const factory = ((await import(pathToFileURL(m.file).href)) as { default?: unknown }).default;
    doing = 'called with its options';
    return (typeof factory === 'function' ? await factory(m.options) : factory) as SitegenPlugin | undefined;
  } catch (error) {
    throw new SitegenError('SG6001', `Plugin module "${m.spec}" threw when ${doing}: ${(error as Error)?.message ?? String(error)}`, {
      location: { file: 'site/config.ts' },
      hint: 'The error was thrown by the plugin, not by sitegen. Run with --debug for its stack.',
      cause: error,
    });
  }
}

/** Import compiled plugin modules and call their factories (memoised per module and options). */
export async function instantiatePlugins(modules: PluginModule[]): Promise<SitegenPlugin[]> {
  return Promise.all(
    modules.map(async (m) => {
      const key = `${m.file}\u0000${JSON.stringify(m.options ?? null)}`;
      const hit = instances.get(key);
      if (hit) return hit;
      const plugin = await pluginOf(m);
      if (!plugin || typeof plugin.name !== 'string' || typeof plugin.hooks !== 'object') {
        throw new SitegenError('SG6001', `Plugin module "${m.spec}" does not export a plugin`, {
          location: { file: 'site/config.ts' },
          hint: 'Its default export must be a factory returning { name, hooks } (or that object itself).',
        });
      }
      const base = dirname(m.source);
      for (const [kind, group] of [
        ['layout', plugin.layouts],
        ['island', plugin.islands],
        ['component', plugin.components],
      ] as const) {
        if (!group) continue;
        for (const [name, file] of Object.entries(group)) {
          group[name] = isAbsolute(file) ? file : resolve(base, file);
          const problem = contributedProblem(kind, name, file, group[name]);
          if (problem)
            throw new SitegenError('SG6001', `Plugin "${plugin.name}" contributes the ${kind} "${name}" ${problem[0]}`, {
              location: { file: 'site/config.ts' },
              hint: problem[1],
            });
        }
      }
      instances.set(key, plugin);
      return plugin;
    }),
  );
}
