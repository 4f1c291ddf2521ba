/**
 * Ferrygate's logo, replacing the theme's (see "Theme overrides" in docs/your-own-site.md): the
 * mark drawn inline, so it takes the accent colour of the light and dark themes.
 */
import type { ThemeConfig } from 'react-sitegen';

/** The Ferrygate mark: a gate arch over water, drawn in the accent colour. Same drawing as /logo.svg. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M9 21V14a7 7 0 0 1 14 0v7" fill="none" stroke="var(--accent-fg)" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M13 21v-6.5a3 3 0 0 1 6 0V21" fill="none" stroke="var(--accent-fg)" strokeWidth="2.2" strokeLinecap="round" opacity="0.75" />
      <path d="M6.5 24.5c1.6 0 1.6-1.2 3.2-1.2s1.6 1.2 3.2 1.2 1.6-1.2 3.1-1.2 1.6 1.2 3.2 1.2 1.6-1.2 3.2-1.2 1.6 1.2 3.1 1.2" fill="none" stroke="var(--accent-fg)" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ name }: { name: string; logo?: ThemeConfig['logo'] }) {
  return (
    <a className="brand" href="/" aria-label={`${name} home`}>
      <LogoMark />
      <span>{name}</span>
    </a>
  );
}
