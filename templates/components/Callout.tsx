import type { ReactNode } from 'react';
import { CALLOUT_KINDS as KINDS } from './callout-kinds';
import { propText } from './prop-text';
import { useStrings, type StringKey } from '../i18n/strings';

/** The theme's callout as a component: `<Callout type="warning" title="Rotate the secret">…</Callout>`, the same element as `::: warning`. */
export function Callout({ type, title, children }: { type?: string; title?: string; children?: ReactNode }) {
  const s = useStrings();
  const kind = typeof type === 'string' && Object.hasOwn(KINDS, type) ? type : 'note';
  const name = s.t(`callout.${kind}` as StringKey);
  return (
    <div className={`callout callout-${kind}`} role="note" aria-label={name}>
      <p className="callout-title">{propText(title) || name}</p>
      {children}
    </div>
  );
}
