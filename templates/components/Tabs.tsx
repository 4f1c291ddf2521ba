import { Fragment, type ReactNode } from 'react';

export interface TabItem {
  label: ReactNode;
  content: ReactNode;
  /** Stable key; defaults to the index. */
  key?: string;
}

/**
 * CSS-only tabs: a radio group whose checked input reveals the matching panel.
 * Works without JavaScript; arrow keys move between tabs like any radio group.
 * `name` must be unique on the page.
 */
export function Tabs({ name, label, items, className, initial = 0 }: { name: string; label: string; items: TabItem[]; className?: string; initial?: number }) {
  return (
    <div className={`tabs${className ? ' ' + className : ''}`} role="group" aria-label={label}>
      {items.map((t, i) => (
        <Fragment key={t.key ?? i}>
          <input className="tab-input" type="radio" name={name} id={`${name}-${t.key ?? i}`} defaultChecked={i === initial} />
          <label className="tab-label" htmlFor={`${name}-${t.key ?? i}`}>
            {t.label}
          </label>
        </Fragment>
      ))}
      <div className="tab-panels">
        {items.map((t, i) => (
          <div className="tab-panel" key={t.key ?? i}>
            {t.content}
          </div>
        ))}
      </div>
    </div>
  );
}
