import type { PageLink } from '../types';
import { Icon } from './Icon';

/** Previous / next page links at the end of a doc or post. */
export function PrevNext({ prev, next, label = 'Previous and next pages' }: { prev?: PageLink; next?: PageLink; label?: string }) {
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label={label}>
      {prev ? (
        <a className="pn-link pn-prev" href={prev.path} rel="prev">
          <span className="pn-dir">
            <Icon name="chevronLeft" size={14} /> Previous
          </span>
          <span className="pn-title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pn-link pn-next" href={next.path} rel="next">
          <span className="pn-dir">
            Next <Icon name="chevronRight" size={14} />
          </span>
          <span className="pn-title">{next.title}</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
