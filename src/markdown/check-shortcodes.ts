/** The SG2019 check: a Hugo shortcode (`{{< figure … >}}`, `{{% notice %}}`) in the text, which sitegen shows as written. */
import type MarkdownIt from 'markdown-it';
import { reportProblem } from './problems.ts';

/** An opening or closing shortcode and its name: `{{< ref "x.md" >}}`, `{{% /notice %}}`. */
const SHORTCODE = /\{\{(?:<\s*\/?\s*([\w.-]+)[^}]*?>|%\s*\/?\s*([\w.-]+)[^}]*?%)\}\}/g;

/** What to write instead, for the shortcodes Hugo docs use most. */
const INSTEAD: Record<string, string> = {
  ref: 'a relative link to the file, `[text](../page.md)`',
  relref: 'a relative link to the file, `[text](../page.md)`',
  figure: 'an image, `![alt](./image.png "caption")`',
  notice: 'a container, `::: tip` … `:::`',
  hint: 'a container, `::: tip` … `:::`',
  highlight: 'a fenced code block with its language',
};

/** Reports shortcodes in text (not in code, where a page about Hugo shows them), once per name and line. */
export function checkShortcodes(md: MarkdownIt): void {
  md.core.ruler.push('hugo_shortcodes', (state) => {
    if (!state.src.includes('{{<') && !state.src.includes('{{%')) return;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      let line = block.map?.[0] ?? 0;
      for (const token of block.children) {
        if (token.type === 'softbreak' || token.type === 'hardbreak') line++;
        if (token.type !== 'text') continue;
        for (const [written, angled, percent] of token.content.matchAll(SHORTCODE)) {
          const name = angled ?? percent;
          reportProblem(state.env, {
            code: 'SG2019',
            // What to do is in the message: a warning (the default level) prints the message alone, without the hint.
            message: `Hugo shortcode ${written.length > 60 ? `${written.slice(0, 57)}…` : written} is shown as written: write ${INSTEAD[name] ?? 'markdown, a container or a component'} instead`,
            line,
            hint: "sitegen does not run Hugo's shortcodes. `checks.markdown` sets whether this warns (the default) or fails the build.",
          });
        }
      }
    }
  });
}
