import type { ReactNode } from 'react';
import type { PageData, SiteInfo } from '../types';
import { Icon } from './Icon';
import { useStrings, type StringKey, type Strings } from '../i18n/strings';

type VersionedPage = Pick<PageData, 'path' | 'version' | 'versions'>;

export interface VersionTarget {
  dir: string;
  label: string;
  href: string;
  current: boolean;
}

/** Where each version goes from this page: this page for its own, the same page in another, else that version's home (a version without pages is left out). */
export function versionTargets(site: SiteInfo, page: VersionedPage): VersionTarget[] {
  return (site.versions ?? []).flatMap(({ dir, label, home }) => {
    const href = dir === page.version ? page.path : (page.versions?.find((v) => v.version === dir)?.path ?? home);
    return href ? [{ dir, label, href, current: dir === page.version }] : [];
  });
}

/**
 * The doc layout's version menu (pages in a version, when the page's locale has two versions or more): a native
 * disclosure, so it works without JavaScript; the current version is `aria-current`.
 */
export function VersionMenu({ site, page }: { site: SiteInfo; page: VersionedPage }) {
  const s = useStrings();
  if (!page.version || (site.versions?.length ?? 0) < 2) return null;
  const targets = versionTargets(site, page);
  const current = targets.find((t) => t.current);
  // A locale that has one version only (its translators did the latest) has nothing to choose from.
  if (!current || targets.length < 2) return null;
  return (
    <details className="version-switch">
      <summary>
        <span className="version-switch-name">{s.t('version.label')}</span>{' '}
        <strong>
          <bdi>{current.label}</bdi>
        </strong>
        <Icon name="chevronDown" className="chev" size={12} />
      </summary>
      <ul className="version-switch-list">
        {targets.map((t) => (
          <li key={t.dir}>
            <a href={t.href} aria-current={t.current ? 'true' : undefined}>
              <bdi>{t.label}</bdi>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** On a page of an older version: a note naming the latest version, linking to the same page there (else to its home). */
export function VersionBanner({ site, page }: { site: SiteInfo; page: VersionedPage }) {
  const s = useStrings();
  const latest = site.versions?.[0];
  const own = site.versions?.find((v) => v.dir === page.version);
  if (!latest || !own || own === latest) return null;
  const same = page.versions?.find((v) => v.version === latest.dir)?.path;
  const href = same ?? latest.home;
  return (
    <div className="version-banner" role="note">
      <p>
        {isolated(s, 'version.old', 'version', own.label)}
        {href && (
          <>
            {' '}
            <a href={href}>{isolated(s, same ? 'version.toPage' : 'version.toLatest', 'latest', latest.label)}</a>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * A string with one value in a `<bdi>`: a label such as "v1 (legacy)" keeps its own order, brackets included, inside a
 * sentence written the other way (Arabic, Persian, Hebrew). Its text is what `s.t` gives.
 */
function isolated(s: Strings, key: StringKey, name: string, value: string): ReactNode {
  const marker = '\u0000';
  const [before, after] = s.t(key, { [name]: marker }).split(marker);
  if (after === undefined) return before;
  return (
    <>
      {before}
      <bdi>{value}</bdi>
      {after}
    </>
  );
}
