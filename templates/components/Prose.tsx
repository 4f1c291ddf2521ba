import type { ReactNode } from 'react';
import type { PageData } from '../types';

/** The page body: a React page's children, or the markdown HTML inside `.prose`. */
export function Body({ page, children, className }: { page: PageData; children?: ReactNode; className?: string }) {
  if (children !== undefined && children !== null) return <>{children}</>;
  return <div className={`prose${className ? ' ' + className : ''}`} dangerouslySetInnerHTML={{ __html: page.html }} />;
}
