/**
 * The callout kinds and their default titles, which also name each callout for assistive technology: shared by the
 * markdown syntax (`::: tip`, `> [!TIP]`, templates/plugins/markdown-callouts.ts) and the `<Callout>` component. The
 * titles shown are the page's UI strings `callout.<kind>` (templates/i18n); these are the English ones.
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
