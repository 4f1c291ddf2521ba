import type { LayoutProps } from '../types';
import { Shell } from '../components/Shell';

/** The marketing shell: chrome around full-width sections the page draws itself. */
export default function DefaultLayout(props: LayoutProps) {
  const { site, page, children } = props;
  return (
    <Shell site={site} path={page.path} mainClass="main-default">
      {children ?? (
        <div className="container container-narrow page-pad">
          <h1 className="page-title">{page.title}</h1>
          <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        </div>
      )}
    </Shell>
  );
}
