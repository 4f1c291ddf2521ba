import type { TocLink } from '../types';
import { useStrings } from '../i18n/strings';

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

/** "On this page": the heading outline of the current document (`title`: the theme's "On this page" by default). */
export function Toc({ links, title }: { links: TocLink[]; title?: string }) {
  const s = useStrings();
  if (!links.length) return null;
  const name = title ?? s.t('toc.title');
  return (
    <nav className="toc" aria-label={name}>
      <p className="toc-title">{name}</p>
      <TocList links={links} />
      <a className="toc-top" href="#main">
        {s.t('toc.backToTop')}
      </a>
    </nav>
  );
}
