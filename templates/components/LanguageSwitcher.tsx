import type { PageData, SiteInfo } from '../types';
import { Icon } from './Icon';
import type { Strings } from '../i18n/strings';

export interface LanguageTarget {
  code: string;
  label: string;
  href: string;
  current: boolean;
}

type LanguagePage = Pick<PageData, 'path' | 'locale' | 'translations' | 'version'>;

/**
 * Where each language goes from this page: this page for its own, its translation for another, else that locale's start
 * page in this page's version, else that locale's home (a locale without pages is left out).
 */
export function languageTargets(site: SiteInfo, page: LanguagePage): LanguageTarget[] {
  return site.locales.flatMap(({ code, label, home, versionHomes }) => {
    const translation = page.translations?.find((t) => t.locale === code)?.path;
    const href = code === page.locale ? page.path : (translation ?? (page.version && versionHomes?.[page.version]) ?? home);
    return href ? [{ code, label, href, current: code === page.locale }] : [];
  });
}

/**
 * The header's language menu (multilingual sites): a native disclosure, so it works without JavaScript. Each
 * language is named in itself and marked with its `lang`; the current one is `aria-current`.
 */
export function LanguageSwitcher({ site, page, s }: { site: SiteInfo; page: LanguagePage; s: Strings }) {
  if (site.locales.length < 2) return null;
  const targets = languageTargets(site, page);
  const current = targets.find((t) => t.current) ?? targets[0];
  return (
    <details className="lang-switch">
      <summary aria-label={s.t('header.language', { language: current.label })}>
        <Icon name="globe" size={16} />
        <span lang={current.code}>{current.label}</span>
        <Icon name="chevronDown" className="chev" size={12} />
      </summary>
      <ul className="lang-switch-list">
        {targets.map((t) => (
          <li key={t.code}>
            <a href={t.href} hrefLang={t.code} lang={t.code} aria-current={t.current ? 'true' : undefined}>
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
