/**
 * Checks one `ferry` command line against the grammar in site/facts.json (`cli`), and a parsed
 * config document against the small schema language of `config`.
 */
import type { Word } from './facts-sources.ts';

export interface FlagSpec {
  value?: string;
  required?: boolean;
  repeatable?: boolean;
  boolean?: boolean;
  default?: string;
}
export interface Rule {
  why: string;
  when?: Record<string, string[]>;
  forbid?: string[];
  argType?: string;
  if?: string;
  require?: string[];
  requireValue?: Record<string, string[]>;
  argOrFlag?: string[];
}
export interface CommandSpec {
  args?: string[];
  flags?: Record<string, FlagSpec>;
  exactlyOne?: string[][];
  rules?: Rule[];
  forms?: CommandSpec[];
}
export interface Grammar {
  types: Record<string, string | string[]>;
  globalFlags: Record<string, FlagSpec>;
  commands: Record<string, CommandSpec>;
}

/** How strictly to read a command: a code sample must be complete; inline code may mention part of one. */
export type Mode = 'sample' | 'mention';

const ELLIPSIS = /^(…|\.\.\.)$|…/;
const PLACEHOLDER = /^<[^>]+>$/;

export function matchesType(grammar: Grammar, type: string, word: Word): boolean {
  if (word.dynamic || PLACEHOLDER.test(word.value) || ELLIPSIS.test(word.value)) return true;
  if (type.startsWith('=')) return word.value === type.slice(1);
  const spec = grammar.types[type.replace(/\?$/, '')];
  if (spec === undefined) throw new Error(`facts.json: unknown type ${type}`);
  return Array.isArray(spec) ? spec.includes(word.value) : new RegExp(spec).test(word.value);
}

/** A synopsis such as `ferry connect [--name <name>] (--url <u> | --channel <c>)`: only names are checked. */
const isSynopsis = (text: string) => /\[--|\[<|\s\\?\|\s|\(--|\|unset|set\\?\|/.test(text);

/** Problems with one invocation; an empty list means it fits the grammar. */
export function checkInvocation(grammar: Grammar, argv: Word[], text: string, mode: Mode, openEnded = false): string[] {
  const problems: string[] = [];
  const words = argv.map((w) => w);
  const synopsis = isSynopsis(text);
  const elided = words.some((w) => ELLIPSIS.test(w.value)) || synopsis;

  // Global flags may come first; then the command path, the longest key of `commands` that the next words spell.
  let start = 0;
  while (start < words.length && words[start].value.startsWith('-')) {
    const flag = grammar.globalFlags[words[start].value.split('=')[0]];
    if (!flag) return [`unknown flag ${words[start].value}`];
    start += flag.value && !words[start].value.includes('=') ? 2 : 1;
  }
  if (start >= words.length) return problems;
  const leading = words.slice(start, start + 2).map((w) => w.value);
  let path = '';
  for (const candidate of [leading.join(' '), leading[0]]) {
    if (grammar.commands[candidate]) {
      path = candidate;
      break;
    }
  }
  if (!path) {
    const group = Object.keys(grammar.commands).filter((k) => k.startsWith(`${leading[0]} `));
    if (group.length && (leading.length < 2 || ELLIPSIS.test(leading[1]))) return problems; // `ferry function`, `ferry bin …`
    return [`unknown command "ferry ${leading.join(' ')}"`];
  }
  const rest = [...words.slice(0, start), ...words.slice(start + path.split(' ').length)];

  const spec = grammar.commands[path];
  const forms = spec.forms ?? [spec];
  let best: string[] | undefined;
  for (const form of forms) {
    const result = checkForm(grammar, form, rest, { mode, elided, synopsis, openEnded });
    if (!best || result.length < best.length) best = result;
    if (!result.length) break;
  }
  problems.push(...(best ?? []));
  return problems;
}

function checkForm(grammar: Grammar, spec: CommandSpec, words: Word[], o: { mode: Mode; elided: boolean; synopsis: boolean; openEnded: boolean }): string[] {
  const problems: string[] = [];
  const flags = { ...grammar.globalFlags, ...(spec.flags ?? {}) };
  const seen = new Map<string, Word[]>();
  const positional: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (ELLIPSIS.test(w.value)) continue;
    if (!w.value.startsWith('-') || w.value === '-') {
      positional.push(w);
      continue;
    }
    const [name, inline] = w.value.includes('=') ? [w.value.slice(0, w.value.indexOf('=')), w.value.slice(w.value.indexOf('=') + 1)] : [w.value, undefined];
    const flag = flags[name];
    if (!flag) {
      problems.push(`unknown flag ${name}`);
      continue;
    }
    let value: Word | undefined;
    if (flag.value) {
      if (inline !== undefined) value = { value: inline, dynamic: w.dynamic };
      else if (i + 1 < words.length && !words[i + 1].value.startsWith('--')) value = words[++i];
      else if (!o.synopsis) {
        problems.push(`${name} needs a value`);
        continue;
      }
      if (value && !o.synopsis && !matchesType(grammar, flag.value, value)) problems.push(`${name} ${value.value}: not a valid ${flag.value}`);
    } else if (inline !== undefined && !(flag.boolean && /^(true|false)$/.test(inline))) {
      problems.push(`${name} takes no value`);
    }
    if (seen.has(name) && !flag.repeatable) problems.push(`${name} given twice`);
    seen.set(name, [...(seen.get(name) ?? []), value ?? { value: inline ?? 'true', dynamic: false }]);
  }
  if (o.synopsis) return problems;

  const valueOf = (name: string) => seen.get(name)?.[0]?.value ?? flags[name]?.default;
  const strict = o.mode === 'sample' && !o.elided;

  // Positionals.
  const args = spec.args ?? [];
  let argTypes = args.slice();
  for (const rule of spec.rules ?? []) {
    if (rule.argType && rule.when && Object.entries(rule.when).every(([f, vs]) => vs.includes(valueOf(f) ?? ''))) argTypes = [rule.argType];
  }
  if (positional.length > args.length)
    problems.push(
      `unexpected argument ${positional
        .slice(args.length)
        .map((w) => w.value)
        .join(' ')}`,
    );
  argTypes.forEach((type, index) => {
    const word = positional[index];
    if (!word) {
      if (strict && !type.endsWith('?') && !o.openEnded) problems.push(`missing argument <${type}>`);
      return;
    }
    if (!matchesType(grammar, type, word)) problems.push(`argument ${word.value}: not a valid ${type.replace(/^=/, '')}`);
  });

  // Flags that must, or must not, appear together.
  if (strict) {
    for (const [name, flag] of Object.entries(spec.flags ?? {})) if (flag.required && !seen.has(name)) problems.push(`missing ${name}`);
  }
  for (const group of spec.exactlyOne ?? []) {
    const present = group.filter((f) => seen.has(f));
    if (present.length > 1) problems.push(`${present.join(' and ')} exclude each other`);
    if (strict && present.length === 0) problems.push(`needs one of ${group.join(', ')}`);
  }
  for (const rule of spec.rules ?? []) {
    const applies = rule.when ? Object.entries(rule.when).every(([f, vs]) => vs.includes(valueOf(f) ?? '')) : rule.if ? seen.has(rule.if) : true;
    if (!applies) continue;
    for (const f of rule.forbid ?? []) if (seen.has(f)) problems.push(`${f} is not allowed here: ${rule.why}`);
    if (strict) for (const f of rule.require ?? []) if (!seen.has(f)) problems.push(`${rule.if} needs ${f}: ${rule.why}`);
    for (const [f, vs] of Object.entries(rule.requireValue ?? {})) {
      const v = valueOf(f);
      if ((v !== undefined || strict) && !vs.includes(v ?? '')) problems.push(`${rule.if} needs ${f} ${vs.join('|')}: ${rule.why}`);
    }
    if (strict && rule.argOrFlag && positional.length === 0 && !rule.argOrFlag.some((f) => seen.has(f)) && !o.openEnded) problems.push(rule.why);
    if (rule.argOrFlag && positional.length > 0 && rule.argOrFlag.some((f) => seen.has(f))) problems.push(`an id and filters exclude each other: ${rule.why}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Config documents.

export interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'boolean';
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  exactlyOneOf?: string[];
  rules?: { when: Record<string, unknown[]>; forbid?: string[]; pattern?: Record<string, string> }[];
}

/** Problems of `value` against `schema`, each as `path: message`. */
export function validate(schema: Schema, value: unknown, path = ''): string[] {
  const at = path || '(root)';
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`];
  const type = schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  if (type === 'object') {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${at}: expected a mapping`];
    const o = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in o)) problems.push(`${at}: missing ${key}`);
    if (schema.exactlyOneOf && schema.exactlyOneOf.filter((k) => k in o).length !== 1)
      problems.push(`${at}: needs exactly one of ${schema.exactlyOneOf.join(', ')}`);
    for (const [key, v] of Object.entries(o)) {
      const sub = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (sub) problems.push(...validate(sub, v, path ? `${path}.${key}` : key));
      else if (schema.additionalProperties === false) problems.push(`${at}: unknown key ${key}`);
    }
    for (const rule of schema.rules ?? []) {
      if (!Object.entries(rule.when).every(([k, vs]) => vs.includes(o[k]))) continue;
      for (const k of rule.forbid ?? []) if (k in o) problems.push(`${at}: ${k} is not allowed with ${JSON.stringify(rule.when)}`);
      for (const [k, p] of Object.entries(rule.pattern ?? {}))
        if (typeof o[k] === 'string' && !new RegExp(p).test(o[k] as string)) problems.push(`${at}.${k}: ${JSON.stringify(o[k])} does not match ${p}`);
    }
  } else if (type === 'array') {
    if (!Array.isArray(value)) return [`${at}: expected a list`];
    value.forEach((v, i) => problems.push(...validate(schema.items ?? {}, v, `${path}[${i}]`)));
  } else if (type === 'string') {
    if (typeof value !== 'string') return [`${at}: expected a string, got ${JSON.stringify(value)}`];
    if (schema.pattern && !/…/.test(value) && !new RegExp(schema.pattern).test(value))
      problems.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  } else if (type === 'integer') {
    if (!Number.isInteger(value)) problems.push(`${at}: expected an integer, got ${JSON.stringify(value)}`);
  } else if (type === 'boolean') {
    if (typeof value !== 'boolean') problems.push(`${at}: expected true or false, got ${JSON.stringify(value)}`);
  }
  return problems;
}
