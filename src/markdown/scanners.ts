/**
 * Oniguruma scanners that share their compiled patterns.
 *
 * A TextMate grammar gives every rule a scanner over all the patterns it can meet next, and the
 * same patterns recur across rules (JavaScript's expression patterns sit in dozens of them), but
 * the Oniguruma engine compiles each scanner's list on its own. Here each distinct
 * pattern is compiled once per thread, as a scanner of one, and a rule's scanner asks its
 * patterns in order, as Oniguruma's own regset search does (POSITION_LEAD): the match that starts
 * first wins, and of those starting at the same place, the pattern listed first.
 *
 * A pattern's last search is kept, as vscode-oniguruma does for its regexes: a rule's scanner
 * searching the same line again from a later position gets the match found before when it lies at
 * or beyond that position (no match starts in between, so none can start there now), and so does
 * every other rule that lists the pattern. A pattern with `\G` matches differently from each start
 * position, and is always searched.
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

/**
 * Patterns kept compiled at most, per thread: above the distinct patterns of all the grammars
 * together, so what overflows is patterns resolved from back-references (each heredoc's end).
 * Past this, a scanner compiles what is new to it for itself and frees it with itself.
 */
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
