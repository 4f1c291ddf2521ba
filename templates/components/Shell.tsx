import type { ReactNode } from 'react';
import type { PageData, SiteInfo } from '../types';
import { Header } from './Header';
import { Footer } from './Footer';
import { useStrings } from '../i18n/strings';

/** The page chrome every layout shares: skip link, header, main landmark, footer. */
export function Shell({
  site,
  path,
  page,
  children,
  mainClass,
}: {
  site: SiteInfo;
  path: string;
  /** The page's language and translations, for the language menu of a multilingual site. */
  page?: Pick<PageData, 'path' | 'locale' | 'translations'>;
  children: ReactNode;
  mainClass?: string;
}) {
  const s = useStrings();
  return (
    <>
      <a className="skip-link" href="#main">
        {s.t('skipLink')}
      </a>
      <Header site={site} path={path} page={page} />
      <main id="main" tabIndex={-1} className={mainClass}>
        {children}
      </main>
      <Footer site={site} />
    </>
  );
}
