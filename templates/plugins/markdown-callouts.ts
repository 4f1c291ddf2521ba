/**
 * Callouts, in two syntaxes that give the same element:
 *
 *   ::: warning Rotate the secret        > [!WARNING] Rotate the secret
 *   Body in markdown.                    > Body in markdown.
 *   :::
 *
 * Containers: tip, info, note, important, warning, caution, danger, each with an optional title (`:::tip[Title]`
 * too, as Docusaurus writes it), and
 * `::: details Title {open}` as a `<details>`. Alerts: GitHub's five kinds (`[!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`, any case); another `[!…]` marker stays a quote.
 * The alerts are a small core rule over blockquote tokens rather than a dependency.
 */
import type MarkdownIt from 'markdown-it';
import type { PluginWithParams } from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import containerPlugin from 'markdown-it-container';
import { CALLOUT_KINDS as CALLOUTS } from '../components/callout-kinds.ts';
import { mdString } from 'react-sitegen';

// @types/markdown-it-container is typed against the CommonJS markdown-it types; the plugin is the same.
const container = containerPlugin as unknown as PluginWithParams;

/** An alert's first line: the marker, then an optional title up to the end of the line. */
const ALERT = /^\[!(note|tip|important|warning|caution)\][ \t]*([^\n]*)(?:\n|$)/i;

/** A `{open}` at the end of a details container's title. */
const OPEN = /(?:^|\s+)\{open\}$/;

/**
 * The title a container line gives after its name (`::: tip Title`, or Docusaurus's `:::tip[Title]`), `''` for none;
 * undefined when the line names another container (`::: tipster`).
 */
function titleOf(params: string, name: string): string | undefined {
  const line = params.trim();
  if (!line.startsWith(name)) return undefined;
  const rest = line.slice(name.length);
  if (rest !== '' && !/^[\s[]/.test(rest)) return undefined;
  const bracket = /^\[(.*)\]$/.exec(rest);
  return (bracket ? bracket[1] : rest).trim();
}

export function callouts(md: MarkdownIt): void {
  const escapeHtml = md.utils.escapeHtml;
  // The kind's title in the document's language (markdown/ui-strings.ts) names the callout, and titles it by default.
  const open = (kind: string, title: string, env: unknown) => {
    const name = escapeHtml(mdString(env, `callout.${kind}`));
    return `<div class="callout callout-${kind}" role="note" aria-label="${name}"><p class="callout-title">${title ? escapeHtml(title) : name}</p>\n`;
  };

  for (const name of Object.keys(CALLOUTS)) {
    md.use(container, name, {
      validate: (params: string) => titleOf(params, name) !== undefined,
      render: (tokens: Token[], idx: number, _options: unknown, env: unknown) =>
        tokens[idx].nesting === 1 ? open(name, titleOf(tokens[idx].info, name) ?? '', env) : '</div>\n',
    });
  }

  md.use(container, 'details', {
    render(tokens: Token[], idx: number, _options: unknown, env: unknown) {
      if (tokens[idx].nesting !== 1) return '</details>\n';
      const params = tokens[idx].info.trim().slice('details'.length).trim();
      const title = params.replace(OPEN, '');
      return `<details class="callout callout-details"${title === params ? '' : ' open'}><summary>${escapeHtml(title || mdString(env, 'callout.details'))}</summary>\n`;
    },
  });

  md.core.ruler.after('block', 'github_alerts', alerts);
  md.renderer.rules.alert_open = (tokens, idx, _options, env) => open(tokens[idx].meta.kind, tokens[idx].meta.title, env);
  md.renderer.rules.alert_close = () => '</div>\n';
}

/** Turns a blockquote whose first paragraph starts with an alert marker into `alert_open`/`alert_close`, marker line removed. */
function alerts(state: StateCore): void {
  if (!state.src.includes('[!')) return;
  const tokens = state.tokens;
  const quotes: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'blockquote_close') {
      if (quotes.pop()?.type === 'alert_open') token.type = 'alert_close';
      continue;
    }
    if (token.type !== 'blockquote_open') continue;
    quotes.push(token);
    const inline = tokens[i + 2];
    const match = tokens[i + 1]?.type === 'paragraph_open' && inline?.type === 'inline' ? ALERT.exec(inline.content) : null;
    if (!match) continue;
    token.type = 'alert_open';
    token.meta = { kind: match[1].toLowerCase(), title: match[2].trim() };
    const rest = inline.content.slice(match[0].length);
    if (!rest.trim()) {
      tokens.splice(i + 1, 3);
      continue;
    }
    inline.content = rest;
    // The paragraph now starts on the line after the marker.
    for (const t of [tokens[i + 1], inline]) if (t.map) t.map = [t.map[0] + 1, t.map[1]];
  }
}
