import type { PageData, SiteInfo } from '../types';
import { LanguageSwitcher, languageTargets } from './LanguageSwitcher';
import { Brand } from './Logo';
import { Icon } from './Icon';
import { homeIn, isActive } from './util';
import { Once } from './Once';
import { SchemeToggle } from './SchemeToggle';
import { useStrings, type Strings } from '../i18n/strings';

const MENU_ICONS: Record<string, string> = {
  '/webhooks': 'webhook',
  '/tunnels': 'tunnel',
  '/cron': 'clock',
  '/webhook-bin': 'inbox',
  '/home-assistant': 'home',
  '/features': 'grid',
};

/**
 * Site header: brand, main navigation with the product menu, the search box (`theme.search`), calls
 * to action, CSS-only mobile menu, the colour-scheme toggle. The search form is a plain GET form until
 * the search plugin's client mounts on first focus (`data-sitegen-search`).
 */
export function Header({ site, path, page }: { site: SiteInfo; path: string; page?: Pick<PageData, 'path' | 'locale' | 'translations'> }) {
  const s = useStrings();
  const state = navState(site, path);
  let key = state.map((item) => `${+item.current}${+item.active}${item.subs.map(Number).join('')}`).join(',');
  // A multilingual page's language menu points at its own translations.
  if (page && site.locales.length > 1)
    key += `|${page.locale}|${languageTargets(site, page)
      .map((t) => t.href)
      .join(' ')}`;
  return (
    <Once scope={site} id={`header:${s.locale}:${key}`} as="header" className="site-header">
      <HeaderInside site={site} state={state} s={s} page={page} />
    </Once>
  );
}

/** What the header shows of the page it is on: per menu item, whether it is the page, whether it is active, and per sub-item whether that is the page. */
interface ItemState {
  current: boolean;
  active: boolean;
  subs: boolean[];
}

function navState(site: SiteInfo, path: string): ItemState[] {
  return site.theme.nav.map((item) => ({
    current: item.href === path,
    active: isActive(item.href, path, item.activeMatch) || (item.items ?? []).some((sub) => isActive(sub.href, path)),
    subs: (item.items ?? []).map((sub) => sub.href === path),
  }));
}

/** The inside of the header, from the site, the page's menu state, its language and its translations only (rendered once per state and language). */
function HeaderInside({ site, state, s, page }: { site: SiteInfo; state: ItemState[]; s: Strings; page?: Pick<PageData, 'path' | 'locale' | 'translations'> }) {
  const { nav, actions } = site.theme;
  const primary = actions[actions.length - 1];
  const secondary = actions.slice(0, -1);
  return (
    <div className="container header-inner">
      <Brand name={site.name} logo={site.theme.logo} label={s.t('header.home', { name: site.name })} href={homeIn(site, s.locale)} />
      <input type="checkbox" id="nav-toggle" className="nav-toggle" aria-controls="nav-panel" />
      <label htmlFor="nav-toggle" className="nav-toggle-btn">
        <Icon name="menu" className="icon-open" size={22} />
        <Icon name="x" className="icon-close" size={22} />
        <span className="sr-only">{s.t('header.menu')}</span>
      </label>
      <div className="nav-panel" id="nav-panel">
        <nav className="main-nav" aria-label={s.t('header.nav')}>
          <ul className="nav-list">
            {nav.map((item, i) => {
              const current = state[i].current ? 'page' : undefined;
              const active = state[i].active;
              if (item.items?.length) {
                return (
                  <li className="nav-item has-menu" key={item.href + item.text}>
                    <a className={`nav-link${active ? ' is-active' : ''}`} href={item.href} aria-current={current}>
                      {item.text}
                      <Icon name="chevronDown" className="chev" size={12} />
                    </a>
                    <div className="nav-menu">
                      <ul>
                        {item.items.map((sub, j) => (
                          <li key={sub.href}>
                            <a href={sub.href} aria-current={state[i].subs[j] ? 'page' : undefined}>
                              <span className="menu-icon">
                                <Icon name={MENU_ICONS[sub.href] ?? 'grid'} />
                              </span>
                              <span>
                                <strong>{sub.text}</strong>
                                {sub.description && <small>{sub.description}</small>}
                              </span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  </li>
                );
              }
              return (
                <li className="nav-item" key={item.href + item.text}>
                  <a className={`nav-link${active ? ' is-active' : ''}`} href={item.href} aria-current={current}>
                    {item.text}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        {site.theme.search && (
          <form className="header-search" role="search" action={site.theme.searchAction ?? '/'} method="get" data-sitegen-search="">
            <label htmlFor="site-search" className="sr-only">
              {s.t('search.label')}
            </label>
            <div className="header-search-field">
              <Icon name="search" className="header-search-icon" size={16} />
              <input
                id="site-search"
                className="header-search-input"
                type="search"
                name="q"
                placeholder={s.t('search.placeholder')}
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="search"
              />
            </div>
          </form>
        )}
        {page && <LanguageSwitcher site={site} page={page} s={s} />}
        <div className="header-actions">
          {secondary.map((a) => (
            <a key={a.href} className="btn btn-ghost" href={a.href}>
              {a.text}
            </a>
          ))}
          {primary && (
            <a className="btn btn-primary" href={primary.href}>
              {primary.text}
            </a>
          )}
        </div>
      </div>
      <SchemeToggle strings={s} />
    </div>
  );
}
