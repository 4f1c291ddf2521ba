import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { Tabs as ThemeTabs } from './Tabs';
import { propText } from './prop-text';
import { useStrings } from '../i18n/strings';

interface TabProps {
  label?: string;
  children?: ReactNode;
}

/** One panel of `<Tabs>`: `<Tab label="npm">` around markdown (outside `<Tabs>` it shows its content). */
export function Tab({ children }: TabProps) {
  return <>{children}</>;
}

/**
 * The theme's CSS-only tabs for markdown: `<Tabs>` around `<Tab label="…">`s, each a panel. `labels="npm,yarn"` names
 * the panels in order instead; `label` names the group (default "Tabs").
 */
export function Tabs({ labels, label, children }: { labels?: string | string[]; label?: string; children?: ReactNode }) {
  const s = useStrings();
  const name = useId();
  const names = typeof labels === 'string' ? labels.split(',').map((l) => l.trim()) : Array.isArray(labels) ? labels.map((l) => propText(l) ?? '') : [];
  const panels = Children.toArray(children).filter((child): child is ReactElement<TabProps> => isValidElement(child) && child.type === Tab);
  const items = panels.map((panel, i) => ({
    label: names[i] || propText(panel.props.label) || s.t('markdown.tab', { n: i + 1 }),
    content: panel.props.children,
    key: String(i),
  }));
  return <ThemeTabs name={`tabs${name.replace(/[^A-Za-z0-9_-]/g, '')}`} label={propText(label) || s.t('markdown.tabs')} items={items} className="md-tabs" />;
}
