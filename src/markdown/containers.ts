/**
 * Unknown containers (SG2013): a `::: name` line that no registered container took is left by
 * markdown-it as paragraph text. The known names are read from `md` when such a line turns up, so
 * containers a plugin registers (markdown-it-container, in its `markdown` hook) count too.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type { MarkdownProblem } from './index.ts';

/** A line that opens a container by name; a bare `:::` (a closing line) has no name. */
const OPENER = /^[ \t]*:{3,}[ \t]*([A-Za-z][\w-]*)/;

/** The containers registered on `md`: markdown-it-container adds a `container_<name>_open` renderer rule for each. */
export function knownContainers(md: MarkdownIt): string[] {
  const names: string[] = [];
  for (const rule of Object.keys(md.renderer.rules)) {
    const name = /^container_(.+)_open$/.exec(rule)?.[1];
    if (name) names.push(name);
  }
  return names.sort();
}

/** The `::: name` lines of the parsed body that stayed text, as problems at their 0-based body lines. */
export function unknownContainers(state: StateCore): MarkdownProblem[] {
  if (!state.src.includes(':::')) return [];
  const problems: MarkdownProblem[] = [];
  let known: string[] | undefined;
  const tokens = state.tokens;
  for (let t = 1; t < tokens.length; t++) {
    const token = tokens[t];
    if (token.type !== 'inline' || tokens[t - 1].type !== 'paragraph_open' || !token.map || !token.content.includes(':::')) continue;
    const lines = token.content.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const name = OPENER.exec(lines[i])?.[1];
      if (!name) continue;
      known ??= knownContainers(state.md);
      if (known.includes(name)) continue;
      problems.push({
        code: 'SG2013',
        message: `Unknown container "::: ${name}": it is shown as text.`,
        line: token.map[0] + i,
        hint: known.length
          ? `The known containers are ${known.join(', ')}. Check the spelling (names are case-sensitive), or register "${name}" with markdown-it-container in a plugin's markdown hook.`
          : `No containers are registered. Add the markdown plugin (react-sitegen/plugins/markdown), or register "${name}" with markdown-it-container in a plugin's markdown hook.`,
      });
    }
  }
  return problems;
}
