import type { ReactNode } from 'react';
import { propText } from './prop-text';

/** Kinds and their default titles, as `::: tip` and `> [!TIP]` give them (templates/plugins/markdown-callouts.ts). */
const KINDS: Record<string, string> = {
  tip: 'Tip',
  info: 'Info',
  note: 'Note',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

/** The theme's callout as a component: `<Callout type="warning" title="Rotate the secret">…</Callout>`, the same element as `::: warning`. */
export function Callout({ type, title, children }: { type?: string; title?: string; children?: ReactNode }) {
  const kind = typeof type === 'string' && Object.hasOwn(KINDS, type) ? type : 'note';
  return (
    <div className={`callout callout-${kind}`} role="note" aria-label={KINDS[kind]}>
      <p className="callout-title">{propText(title) || KINDS[kind]}</p>
      {children}
    </div>
  );
}
