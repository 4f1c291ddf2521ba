import type { ReactNode } from 'react';
import { propText } from './prop-text';

const VARIANTS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'accent']);

/**
 * A small label in running text: `<Badge text="new" />`, `<Badge variant="warning">beta</Badge>`.
 * `variant`: note (default), tip, info, warning, danger or accent.
 */
export function Badge({ text, variant, children }: { text?: string; variant?: string; children?: ReactNode }) {
  const kind = typeof variant === 'string' && VARIANTS.has(variant) ? variant : 'note';
  return <span className={`badge md-badge md-badge-${kind}`}>{children ?? propText(text)}</span>;
}
