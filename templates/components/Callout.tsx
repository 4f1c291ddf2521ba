import type { ReactNode } from 'react';
import { CALLOUT_KINDS as KINDS } from './callout-kinds';
import { propText } from './prop-text';

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
