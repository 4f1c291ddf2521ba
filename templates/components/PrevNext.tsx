import type { PageLink } from '../types';
import { Icon } from './Icon';
import { useStrings } from '../i18n/strings';

/** Previous / next page links at the end of a doc or post; `label` names them (default: the theme's "Previous and next pages"). */
export function PrevNext({ prev, next, label }: { prev?: PageLink; next?: PageLink; label?: string }) {
  const s = useStrings();
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label={label ?? s.t('prevNext.nav')}>
      {prev ? (
        <a className="pn-link pn-prev" href={prev.path} rel="prev">
          <span className="pn-dir">
            <Icon name="chevronLeft" size={14} />
            {` ${s.t('prevNext.previous')}`}
          </span>
          <span className="pn-title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pn-link pn-next" href={next.path} rel="next">
          <span className="pn-dir">
            {`${s.t('prevNext.next')} `}
            <Icon name="chevronRight" size={14} />
          </span>
          <span className="pn-title">{next.title}</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
