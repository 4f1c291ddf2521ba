/**
 * Markdown extensions through the `markdown` hook: callouts (`::: tip` … `::: details`, and GitHub's
 * `> [!NOTE]` alerts; see markdown-callouts.ts) and code groups — several fences shown as
 * CSS-only tabs, labelled `[name]` after the language:
 *
 *   ::: code-group
 *   ```js [Node.js]
 *   …
 *   ```
 *   ```python [Python]
 *   …
 *   ```
 *   :::
 */
import type { PluginWithParams } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import containerPlugin from 'markdown-it-container';
import type { SitegenPlugin } from 'react-sitegen';
import { callouts } from './markdown-callouts.ts';
import { mdString } from 'react-sitegen';

// @types/markdown-it-container is typed against the CommonJS markdown-it types; the plugin is the same.
const container = containerPlugin as unknown as PluginWithParams;

export default function markdownExtras(): SitegenPlugin {
  return {
    name: 'sitegen:markdown',
    hooks: {
      markdown(md) {
        callouts(md);

        let groups = 0;
        md.use(container, 'code-group', {
          render(tokens: Token[], idx: number, _options: unknown, env: unknown) {
            if (tokens[idx].nesting !== 1) return '</div></div>\n';
            const group = `cg${++groups}`;
            const fences: Token[] = [];
            for (let i = idx + 1; i < tokens.length && tokens[i].type !== 'container_code-group_close'; i++) {
              if (tokens[i].type !== 'fence') continue;
              tokens[i].meta = { ...tokens[i].meta, codeGroup: true };
              fences.push(tokens[i]);
            }
            const labels = fences.map((fence, i) => {
              const info = fence.info.trim();
              // Else the language, without the options written against it (`ts:line-numbers`, `js{1}`).
              const label = /\[([^\]]+)\]/.exec(info)?.[1] ?? (info.split(/[\s{:[]/)[0] || mdString(env, 'markdown.tab', { n: i + 1 }));
              const id = `${group}-${i}`;
              return `<input class="tab-input" type="radio" name="${group}" id="${id}"${i === 0 ? ' checked' : ''}><label class="tab-label" for="${id}">${md.utils.escapeHtml(label)}</label>`;
            });
            return `<div class="tabs code-tabs code-group" role="group" aria-label="${md.utils.escapeHtml(mdString(env, 'markdown.codeSamples'))}">${labels.join('')}<div class="tab-panels">`;
          },
        });
        // Inside a code group each fence is one tab panel.
        const fence = md.renderer.rules.fence!;
        md.renderer.rules.fence = (tokens, idx, options, env, self) => {
          const html = fence(tokens, idx, options, env, self);
          return tokens[idx].meta?.codeGroup ? `<div class="tab-panel">${html}</div>` : html;
        };
      },
    },
  };
}
