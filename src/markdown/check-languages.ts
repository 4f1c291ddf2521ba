/** The SG2012 check: a fence naming a language sitegen does not know, reported with the closest known name. */
import type MarkdownIt from 'markdown-it';
import { parseCodeInfo } from './code-meta.ts';
import { closestLanguage, unknownLanguage } from './languages.ts';
import { reportProblem } from './problems.ts';

/** Reports fences whose language sitegen does not know (SG2012), at parse time: `sitegen dev` parses without rendering. */
export function checkLanguages(md: MarkdownIt): void {
  md.core.ruler.push('fence_languages', (state) => {
    if (!state.src.includes('```') && !state.src.includes('~~~')) return;
    for (const token of state.tokens) {
      if (token.type !== 'fence') continue;
      // The language as the fence renderer reads it: without `{1,3}`, `:line-numbers`, `[label]` or `title="…"`.
      const { lang } = parseCodeInfo(token.info);
      if (!unknownLanguage(lang)) continue;
      const suggestion = closestLanguage(lang);
      reportProblem(state.env, {
        code: 'SG2012',
        // The suggestion is in the message: a warning (the default level) prints the message alone, without the hint.
        message: `Unknown code language "${lang}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
        line: token.map?.[0] ?? 0,
        hint: `The block is shown as plain text. A fence may name any language shiki bundles, by name or alias, or \`text\` for plain text; \`checks.languages\` in the site config sets whether this fails the build (\`error\`), warns (\`warn\`) or is not checked (\`off\`).`,
      });
    }
  });
}
