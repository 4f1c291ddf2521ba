import type { LayoutProps } from '../types';
import { Shell } from '../components/Shell';
import { fmString } from '../components/util';
import { leadHeading } from '../components/lead-heading';

/** A readable article page: title, lead, then the body (markdown prose or a React page's sections). */
export default function ContentLayout(props: LayoutProps) {
  const { site, page, children } = props;
  const eyebrow = fmString(page.frontmatter, 'eyebrow');
  const isPage = children !== undefined && children !== null;
  // A body that starts with its own H1 shows that heading as the title, once.
  const lead = isPage ? undefined : leadHeading(page.html);
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-content">
      <header className={`page-header${isPage ? '' : ' page-header-narrow'}`}>
        <div className={`container${isPage ? '' : ' container-narrow'}`}>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          {lead ? <h1 className="page-title" id={lead.id} dangerouslySetInnerHTML={{ __html: lead.html }} /> : <h1 className="page-title">{page.title}</h1>}
          {page.description && <p className="page-lead">{page.description}</p>}
        </div>
      </header>
      {isPage ? (
        <div className="content-page">{children}</div>
      ) : (
        <div className="container container-narrow content-article">
          <div className="prose" dangerouslySetInnerHTML={{ __html: lead ? lead.rest : page.html }} />
        </div>
      )}
    </Shell>
  );
}
