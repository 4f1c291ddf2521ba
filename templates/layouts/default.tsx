import type { LayoutProps } from '../types';
import { Shell } from '../components/Shell';
import { leadHeading } from '../components/lead-heading';

/** The marketing shell: chrome around full-width sections the page draws itself. */
export default function DefaultLayout(props: LayoutProps) {
  const { site, page, children } = props;
  // A body that starts with its own H1 shows that heading as the title, once.
  const lead = children === undefined || children === null ? leadHeading(page.html) : undefined;
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-default">
      {children ?? (
        <div className="container container-narrow page-pad">
          {lead ? <h1 className="page-title" id={lead.id} dangerouslySetInnerHTML={{ __html: lead.html }} /> : <h1 className="page-title">{page.title}</h1>}
          <div className="prose" dangerouslySetInnerHTML={{ __html: lead ? lead.rest : page.html }} />
        </div>
      )}
    </Shell>
  );
}
