/** The analytics script from the configured provider, unless the browser asks not to be tracked. */
import { config } from './state.ts';

const SCRIPTS: Record<string, { path: string; attr: string }> = {
  plausible: { path: '/js/script.js', attr: 'data-domain' },
  umami: { path: '/script.js', attr: 'data-website-id' },
  fathom: { path: '/script.js', attr: 'data-site' },
};

export function loadAnalytics(): void {
  const provider = SCRIPTS[config.analytics];
  if (!provider || !config.analyticsHost) return;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl) return;
  const script = document.createElement('script');
  script.defer = true;
  script.src = config.analyticsHost.replace(/\/$/, '') + provider.path;
  script.setAttribute(provider.attr, config.analyticsDomain);
  document.head.append(script);
}
