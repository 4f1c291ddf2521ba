/**
 * The languages code blocks may name: every one shiki bundles, by id or alias (language-table.ts, generated from shiki),
 * the grammars each loads, and the closest known name to a misspelt one.
 */
import type { LanguageRegistration } from 'shiki/core';
import { INJECT_TO, LANGUAGE_IDS, LOAD_FIRST, SHIKI_ALIASES } from './language-table.ts';
import { editDistance } from '../edit-distance.ts';

export { editDistance };

/** Every language sitegen highlights, by shiki's id. */
export const LANGUAGES = LANGUAGE_IDS;
const IDS = new Set(LANGUAGE_IDS);

/** Aliases sitegen adds to shiki's own. */
const EXTRA_ALIASES: Record<string, string> = { node: 'javascript', pwsh: 'powershell' };
const ALIASES = new Map<string, string>([...Object.entries(SHIKI_ALIASES), ...Object.entries(EXTRA_ALIASES)]);

/** Names for a block that is plain text on purpose: never highlighted, never reported. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/** A fence's language as shiki names its grammar (`js` → `javascript`), or undefined when it has none. */
export function canonical(lang: string): string | undefined {
  const id = lang.trim().toLowerCase();
  const name = ALIASES.get(id) ?? id;
  return IDS.has(name) ? name : undefined;
}

/** Whether a fence's language is neither a known one nor plain text. */
export function unknownLanguage(lang: string): boolean {
  return !PLAIN.has(lang.toLowerCase()) && !canonical(lang);
}

/**
 * The grammar modules a language loads, in order: its own last, and first those it reaches by scope name that its
 * module does not import itself (a Markdown block's fences, say). Loaded together, its highlighting never depends on
 * what else was loaded before or after.
 */
export function grammarModules(id: string): string[] {
  return [...(LOAD_FIRST[id] ?? []), id];
}

const injecting = new Map<string, LanguageRegistration>();

/** A grammar as sitegen registers it: an injection only into the languages whose modules load the injecting grammar. */
export function withInjections(grammar: LanguageRegistration): LanguageRegistration {
  if (!grammar.injectTo) return grammar;
  let kept = injecting.get(grammar.name);
  if (!kept) injecting.set(grammar.name, (kept = { ...grammar, injectTo: [...(INJECT_TO[grammar.name] ?? [])] }));
  return kept;
}

/** The known name closest to a misspelt one (ids and aliases), or undefined when none is close enough to suggest. */
export function closestLanguage(lang: string): string | undefined {
  const name = lang.toLowerCase();
  if (name.length > 40) return undefined;
  // A third of the name may differ, at least one character: `rsut` → `rust`, but `klingon` → nothing.
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestScore = [limit + 1, 0];
  for (const known of [...LANGUAGE_IDS, ...ALIASES.keys()]) {
    // Ties go to the name of the same length (`rsut` is `rust` with two letters swapped, not `rst` with one more),
    // then to the first in order: the same suggestion every build.
    const score = [editDistance(name, known, limit + 1), Math.abs(known.length - name.length)];
    if (score[0] < bestScore[0] || (score[0] === bestScore[0] && score[1] < bestScore[1])) {
      best = known;
      bestScore = score;
    }
  }
  return best;
}
