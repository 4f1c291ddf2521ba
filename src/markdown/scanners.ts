/**
 * Oniguruma scanners that compile each distinct pattern once per thread, since patterns recur across a grammar's rules.
 * Earliest match wins, then the first listed (as Oniguruma's regset); each pattern's last search is reused unless it has `\G`.
 */
import type { RegexEngine } from 'shiki/core';

type Scanner = ReturnType<RegexEngine['createScanner']>;
type Match = NonNullable<ReturnType<Scanner['findNextMatchSync']>>;
type Subject = Parameters<Scanner['findNextMatchSync']>[0];

interface Pattern {
  scanner: Scanner;
  /** `\G` (where the search starts) in it: its result depends on the start position. */
  anchored: boolean;
  /** The last search: which line, with which options, from where, and what it found. */
  subject: Subject | undefined;
  options: number;
  from: number;
  found: Match | null;
}

/** Shared patterns per thread, above all grammars' distinct patterns; past it (back-reference patterns) a scanner owns its own. */
const MAX_SHARED = 8_000;

export function sharedPatternEngine(engine: RegexEngine, maxShared = MAX_SHARED): RegexEngine & { compiled(): number } {
  const shared = new Map<string, Pattern>();
  const compile = (source: string): Pattern => ({
    scanner: engine.createScanner([source]),
    anchored: source.includes('\\G'),
    subject: undefined,
    options: 0,
    from: 0,
    found: null,
  });
  return {
    createString: (text) => engine.createString(text),
    /** Distinct patterns compiled so far (shared ones). */
    compiled: () => shared.size,
    createScanner(sources) {
      const own: Pattern[] = [];
      const patterns = sources.map((pattern) => {
        const source = typeof pattern === 'string' ? pattern : pattern.source;
        let entry = shared.get(source);
        if (!entry) {
          entry = compile(source);
          if (shared.size < maxShared) shared.set(source, entry);
          else own.push(entry);
        }
        return entry;
      });
      return {
        findNextMatchSync(subject, start, options) {
          let best: Match | null = null;
          let bestIndex = -1;
          let bestStart = Infinity;
          for (let i = 0; i < patterns.length; i++) {
            const p = patterns[i];
            let found: Match | null;
            if (
              !p.anchored &&
              p.subject === subject &&
              p.options === options &&
              p.from <= start &&
              (p.found === null || p.found.captureIndices[0].start >= start)
            ) {
              found = p.found;
            } else {
              found = p.scanner.findNextMatchSync(subject, start, options);
              p.subject = subject;
              p.options = options;
              p.from = start;
              p.found = found;
            }
            if (found && found.captureIndices[0].start < bestStart) {
              best = found;
              bestIndex = i;
              bestStart = found.captureIndices[0].start;
              if (bestStart === start) break; // nothing can start earlier
            }
          }
          return best && { index: bestIndex, captureIndices: best.captureIndices };
        },
        dispose() {
          for (const p of own) p.scanner.dispose?.();
        },
      };
    },
  };
}
