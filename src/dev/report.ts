/** The overlay's problems in the terminal: each printed once as `sitegen build` would when it appears, and again when fixed. */
import { applyCheckLevels, formatLocation, type SitegenError } from '../errors.ts';
import { PROBLEM_LIMIT, formatError, formatWarning, problemTable } from '../log.ts';

/** A problem as the same one (a broken link found on one more page is not a new problem). */
const keyOf = (problem: SitegenError) =>
  `${problem.code}\u0000${formatLocation(problem.location)}\u0000${problem.message.replace(/ \(and \d+ other pages?\)$/, '')}`;

/** A reporter: call it with the current problems whenever they may have changed. */
export function problemReporter(log: (message: string) => void, levels: () => Record<string, string>): (problems: SitegenError[]) => void {
  let shown = new Map<string, SitegenError>();
  return (problems) => {
    const { errors, warnings } = applyCheckLevels(problems, levels());
    const now = new Map<string, SitegenError>();
    for (const problem of [...errors, ...warnings]) now.set(keyOf(problem), problem);
    for (const [key, problem] of shown) if (!now.has(key)) log(`fixed ${formatWarning(problem)}`);
    const added = [...now].filter(([key]) => !shown.has(key)).map(([, problem]) => problem);
    const warned = new Set(warnings);
    // Line by line: the terminal indents each of dev's lines.
    const print = (text: string) => text.split('\n').forEach((line) => log(line));
    added.slice(0, PROBLEM_LIMIT).forEach((problem) => print(warned.has(problem) ? `warning ${formatWarning(problem)}` : formatError(problem)));
    if (added.length > PROBLEM_LIMIT) print(problemTable(added, 'problem', PROBLEM_LIMIT));
    shown = now;
  };
}
