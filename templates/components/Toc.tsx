import type { TocLink } from '../types';

function TocList({ links }: { links: TocLink[] }) {
  return (
    <ul>
      {links.map((l) => (
        <li key={l.id} className={`toc-d${l.depth}`}>
          <a href={`#${l.id}`}>{l.text}</a>
          {l.children?.length ? <TocList links={l.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** "On this page": the heading outline of the current document. */
export function Toc({ links, title = 'On this page' }: { links: TocLink[]; title?: string }) {
  if (!links.length) return null;
  return (
    <nav className="toc" aria-label={title}>
      <p className="toc-title">{title}</p>
      <TocList links={links} />
      <a className="toc-top" href="#main">
        Back to top
      </a>
    </nav>
  );
}
