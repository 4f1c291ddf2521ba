import type { LayoutProps, TocLink } from '../types';
import { Shell } from '../components/Shell';
import { Sidebar, findNavNode } from '../components/Sidebar';
import { Toc } from '../components/Toc';
import { PrevNext } from '../components/PrevNext';
import { Body } from '../components/Prose';
import { leadHeading } from '../components/lead-heading';
import { fmString, fmStrings, formatDate, isoDay, titleCase } from '../components/util';

const LEVELS = ['beginner', 'intermediate', 'advanced'];

function tocOf(props: LayoutProps): TocLink[] {
  if (props.page.toc.length) return props.page.toc;
  const fmToc = props.page.frontmatter.toc;
  return Array.isArray(fmToc) ? (fmToc as TocLink[]) : [];
}

function sectionTitle(props: LayoutProps): string | undefined {
  const { site, page } = props;
  const root = ('/' + site.theme.docsRoot.replace(/^\/+|\/+$/g, '') + '/').replace(/^\/\/$/, '/');
  if (!page.path.startsWith(root)) return fmString(page.frontmatter, 'section') ? titleCase(fmString(page.frontmatter, 'section')!) : 'Reference';
  const dir = page.path.slice(root.length).split('/')[0];
  if (site.theme.docsSections.length) return site.theme.docsSections.find((s) => s.dir === dir)?.title;
  // Without configured sections: the title of the top-level folder the page is in, as in the sidebar.
  const folder = dir ? findNavNode(props.nav, root + dir) : undefined;
  return folder?.children?.length ? folder.title : undefined;
}

/** Documentation page: sidebar, article with meta row, "On this page", previous/next. */
export default function DocLayout(props: LayoutProps) {
  const { site, page, nav, prev, next, children } = props;
  const fm = page.frontmatter;
  const level = fmString(fm, 'level')?.toLowerCase();
  const tags = fmStrings(fm, 'tags');
  const updated = page.updated ?? fmString(fm, 'updated');
  const toc = tocOf(props);
  const section = sectionTitle(props);
  // A body that starts with its own H1 shows that heading as the title, once.
  const lead = children === undefined || children === null ? leadHeading(page.html) : undefined;
  const edit = site.theme.editLink && page.kind === 'document' ? site.theme.editLink.replace('{path}', page.source) : undefined;
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-docs">
      <div className="container docs-grid">
        <aside className="docs-sidebar">
          <Sidebar site={site} nav={nav} current={page.path} />
        </aside>
        <article className="docs-article">
          <header className="doc-header">
            {section && <p className="eyebrow">{section}</p>}
            {lead ? <h1 className="doc-title" id={lead.id} dangerouslySetInnerHTML={{ __html: lead.html }} /> : <h1 className="doc-title">{page.title}</h1>}
            {page.description && <p className="doc-lead">{page.description}</p>}
            {(level || tags.length > 0 || page.readingTime > 0) && (
              <div className="doc-meta">
                {level && (
                  <span className={`badge ${LEVELS.includes(level) ? `badge-${level}` : ''}`}>
                    <span className="sr-only">Level: </span>
                    {titleCase(level)}
                  </span>
                )}
                {page.readingTime > 0 && <span className="doc-meta-item">{page.readingTime} min read</span>}
                {tags.length > 0 && (
                  <ul className="tag-list" aria-label="Tags">
                    {tags.map((t) => (
                      <li key={t} className="tag">
                        {t}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </header>
          {toc.length > 0 && (
            <details className="toc-inline">
              <summary>On this page</summary>
              <Toc links={toc} title="Contents" />
            </details>
          )}
          <div className="doc-body">
            <Body page={lead ? { ...page, html: lead.rest } : page}>{children}</Body>
          </div>
          <footer className="doc-footer">
            <div className="doc-footer-row">
              {updated ? (
                <p className="muted">
                  Last updated <time dateTime={isoDay(updated)}>{formatDate(updated)}</time>
                </p>
              ) : (
                <span />
              )}
              {edit && (
                <a href={edit} className="edit-link">
                  Edit this page
                </a>
              )}
            </div>
            <PrevNext prev={prev} next={next} />
          </footer>
        </article>
        <aside className="docs-toc" aria-label="Page outline">
          <Toc links={toc} />
        </aside>
      </div>
    </Shell>
  );
}
