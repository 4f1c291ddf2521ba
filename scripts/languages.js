#!/usr/bin/env node
// Writes src/markdown/language-table.ts from the shiki in node_modules: every language it bundles, its aliases, and
// for each language the grammars that must be loaded with it so that its highlighting never depends on what else a
// thread has loaded. Run after upgrading shiki (tests/unit/markdown/languages.test.ts fails until then).
//
//   node scripts/languages.js
//
// A grammar reaches others by scope name: `include: "source.js"` finds JavaScript only if it is loaded when the rule
// is first compiled, and a grammar with `injectTo` changes every loaded grammar it names. So a language is loaded with
// the closure of what its grammars embed (shiki's `embeddedLangs` and `embeddedLangsLazy`) and include by scope,
// and an injection is kept only for the languages whose closure holds the injecting grammar.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'src/markdown/language-table.ts');

export async function languageTable() {
  const { bundledLanguagesInfo, bundledLanguagesAlias } = await import('shiki/langs');
  const version = JSON.parse(readFileSync(join(root, 'node_modules/shiki/package.json'), 'utf8')).version;
  /** Every grammar by name (internal ones too, such as `es-tag-css`), and which module brings each. */
  const grammars = new Map();
  for (const info of bundledLanguagesInfo) for (const reg of (await info.import()).default) grammars.set(reg.name, reg);
  const byScope = new Map([...grammars.values()].map((reg) => [reg.scopeName, reg.name]));
  const reaches = (reg) => {
    const out = new Set([...(reg.embeddedLangs ?? []), ...(reg.embeddedLangsLazy ?? [])]);
    const walk = (node) => {
      if (Array.isArray(node)) for (const item of node) walk(item);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'include' && typeof value === 'string') {
            const name = byScope.get(value.split('#')[0]);
            if (name && name !== reg.name) out.add(name);
          } else walk(value);
        }
    };
    walk(reg);
    return [...out].filter((name) => grammars.has(name)).sort();
  };
  const edges = new Map([...grammars.keys()].map((name) => [name, reaches(grammars.get(name))]));
  /** The grammars a language needs, dependencies before the grammars that reach them (fewer reloads in shiki). */
  const closure = (name) => {
    const seen = new Set();
    const order = [];
    const visit = (n) => {
      if (seen.has(n)) return;
      seen.add(n);
      for (const dep of edges.get(n)) visit(dep);
      order.push(n);
    };
    visit(name);
    return order;
  };
  /** What a grammar's own module imports with it (its eager `embeddedLangs`, transitively). */
  const eager = (name) => {
    const seen = new Set();
    const visit = (n) => {
      if (seen.has(n)) return;
      seen.add(n);
      for (const dep of grammars.get(n).embeddedLangs ?? []) visit(dep);
    };
    visit(name);
    return seen;
  };
  const closures = new Map([...grammars.keys()].map((name) => [name, closure(name)]));
  // Modules to import before a language's own: the closure less what its module and the earlier ones bring.
  const extra = {};
  for (const { id } of bundledLanguagesInfo) {
    const have = eager(id);
    const modules = [];
    for (const name of closures.get(id)) {
      if (have.has(name)) continue;
      modules.push(name);
      for (const n of eager(name)) have.add(n);
    }
    if (modules.length) extra[id] = modules;
  }
  // An injection targets a scope and, by prefix, the scopes under it; kept only for the languages whose closure holds it.
  const injectTo = {};
  const under = (scope, target) => scope === target || scope.startsWith(`${target}.`);
  for (const reg of grammars.values()) {
    if (!reg.injectTo) continue;
    const keep = [...grammars.values()]
      .filter((lang) => closures.get(lang.name).includes(reg.name) && reg.injectTo.some((target) => under(lang.scopeName, target)))
      .map((lang) => lang.scopeName)
      .sort();
    injectTo[reg.name] = keep;
  }
  // Checked: no injection kept for one language reaches (by prefix) a language whose closure lacks it.
  for (const [name, targets] of Object.entries(injectTo))
    for (const lang of grammars.values())
      if (targets.some((t) => under(lang.scopeName, t)) && !closures.get(lang.name).includes(name))
        throw new Error(`the ${name} injection would reach ${lang.name}, whose closure lacks it`);
  const ids = bundledLanguagesInfo.map((info) => info.id);
  const aliases = Object.fromEntries(
    Object.keys(bundledLanguagesAlias).map((alias) => [alias, bundledLanguagesInfo.find((info) => info.aliases?.includes(alias)).id]),
  );
  return { version, ids, aliases, extra, injectTo };
}

export function tableSource({ version, ids, aliases, extra, injectTo }) {
  const json = (value) => JSON.stringify(value);
  return `// Generated by scripts/languages.js from shiki ${version}: do not edit.

/** Every language shiki bundles, by its id. */
export const LANGUAGE_IDS: readonly string[] = ${json(ids)};

/** shiki's aliases (\`js\` → \`javascript\`). */
export const SHIKI_ALIASES: Readonly<Record<string, string>> = ${json(aliases)};

/** Grammar modules to load before a language's own, so that what it embeds by scope name is always there. */
export const LOAD_FIRST: Readonly<Record<string, readonly string[]>> = ${json(extra)};

/** For each injecting grammar, the scopes its injection is kept for: those of the languages that load it. */
export const INJECT_TO: Readonly<Record<string, readonly string[]>> = ${json(injectTo)};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT, tableSource(await languageTable()));
  execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', OUT], { stdio: 'inherit' });
}
