import type { LayoutProps, TocLink } from '../types';
import { Shell } from '../components/Shell';
import { Sidebar, findNavNode } from '../components/Sidebar';
import { Toc } from '../components/Toc';
import { PrevNext } from '../components/PrevNext';
import { Body } from '../components/Prose';
import { leadHeading } from '../components/lead-heading';
import { fmString, isoDay, postTags, titleCase } from '../components/util';
import { around, useStrings } from '../i18n/strings';
import { VersionBanner, VersionMenu } from '../components/VersionMenu';

const LEVELS = ['beginner', 'intermediate', 'advanced'];

function tocOf(props: LayoutProps): TocLink[] {
  if (props.page.toc.length) return props.page.toc;
  const fmToc = props.page.frontmatter.toc;
  return Array.isArray(fmToc) ? (fmToc as TocLink[]) : [];
}

function sectionTitle(props: LayoutProps, reference: string): string | undefined {
  const { site, page } = props;
  const root = ('/' + site.theme.docsRoot.replace(/^\/+|\/+$/g, '') + '/').replace(/^\/\/$/, '/');
  if (!page.path.startsWith(root)) return fmString(page.frontmatter, 'section') ? titleCase(fmString(page.frontmatter, 'section')!) : reference;
  const dir = page.path.slice(root.length).split('/')[0];
  if (site.theme.docsSections.length) return site.theme.docsSections.find((s) => s.dir === dir)?.title;
  // Without configured sections: the title of the top-level folder the page is in, as in the sidebar.
  const folder = dir ? findNavNode(props.nav, root + dir) : undefined;
  return folder?.children?.length ? folder.title : undefined;
}

/** Documentation page: sidebar, article with meta row, "On this page", previous/next. */
export default function DocLayout(props: LayoutProps) {
  const { site, page, nav, prev, next, children } = props;
  const s = useStrings();
  const fm = page.frontmatter;
  const level = fmString(fm, 'level')?.toLowerCase();
  const tags = postTags(fm.tags);
  const updated = page.updated ?? fmString(fm, 'updated');
  const toc = tocOf(props);
  const section = sectionTitle(props, s.t('sidebar.reference'));
  const [updatedBefore, updatedAfter] = around(s.t('doc.lastUpdated'), 'date');
  // A body that starts with its own H1 shows that heading as the title, once.
  const lead = children === undefined || children === null ? leadHeading(page.html) : undefined;
  const edit = site.theme.editLink && page.kind === 'document' ? site.theme.editLink.replace('{path}', page.source) : undefined;
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-docs">
      <div className="container docs-grid">
        <aside className="docs-sidebar">
          <VersionMenu site={site} page={page} />
          <Sidebar site={site} nav={nav} current={page.path} />
        </aside>
        <article className="docs-article">
          <VersionBanner site={site} page={page} />
          <header className="doc-header">
            {section && <p className="eyebrow">{section}</p>}
            {lead ? <h1 className="doc-title" id={lead.id} dangerouslySetInnerHTML={{ __html: lead.html }} /> : <h1 className="doc-title">{page.title}</h1>}
            {page.description && <p className="doc-lead">{page.description}</p>}
            {(level || tags.length > 0 || page.readingTime > 0) && (
              <div className="doc-meta">
                {level && (
                  <span className={`badge ${LEVELS.includes(level) ? `badge-${level}` : ''}`}>
                    <span className="sr-only">{`${s.t('doc.level')} `}</span>
                    {titleCase(level)}
                  </span>
                )}
                {page.readingTime > 0 && <span className="doc-meta-item">{s.count('doc.readingTime', page.readingTime)}</span>}
                {tags.length > 0 && (
                  <ul className="tag-list" aria-label={s.t('doc.tags')}>
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
              <summary>{s.t('toc.title')}</summary>
              <Toc links={toc} title={s.t('toc.contents')} />
            </details>
          )}
          <div className="doc-body">
            <Body page={lead ? { ...page, html: lead.rest } : page}>{children}</Body>
          </div>
          <footer className="doc-footer">
            <div className="doc-footer-row">
              {updated ? (
                <p className="muted">
                  {updatedBefore}
                  <time dateTime={isoDay(updated)}>{s.date(updated)}</time>
                  {updatedAfter}
                </p>
              ) : (
                <span />
              )}
              {edit && (
                <a href={edit} className="edit-link">
                  {s.t('doc.edit')}
                </a>
              )}
            </div>
            <PrevNext prev={prev} next={next} />
          </footer>
        </article>
        {/* Without headings the column stays (the grid keeps its shape), but not as an empty landmark. */}
        {toc.length > 0 ? (
          <aside className="docs-toc" aria-label={s.t('toc.outline')}>
            <Toc links={toc} />
          </aside>
        ) : (
          <div className="docs-toc" />
        )}
      </div>
    </Shell>
  );
}
