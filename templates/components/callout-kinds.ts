/**
 * The callout kinds and their default titles, which also name each callout for assistive technology: shared by the
 * markdown syntax (`::: tip`, `> [!TIP]`, templates/plugins/markdown-callouts.ts) and the `<Callout>` component.
 */
export const CALLOUT_KINDS: Readonly<Record<string, string>> = {
  tip: 'Tip',
  info: 'Info',
  note: 'Note',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};
