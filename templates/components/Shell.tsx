import type { ReactNode } from 'react';
import type { SiteInfo } from '../types';
import { Header } from './Header';
import { Footer } from './Footer';

/** The page chrome every layout shares: skip link, header, main landmark, footer. */
export function Shell({ site, path, children, mainClass }: { site: SiteInfo; path: string; children: ReactNode; mainClass?: string }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header site={site} path={path} />
      <main id="main" tabIndex={-1} className={mainClass}>
        {children}
      </main>
      <Footer site={site} />
    </>
  );
}
