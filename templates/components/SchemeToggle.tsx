import { useStrings, type Strings } from '../i18n/strings';

const SCHEMES = ['light', 'dark', 'system'] as const;

/**
 * The colour-scheme toggle: three native radios (light, dark, system), so arrow keys move between them and a screen
 * reader names the group and the checked one. The inline head script stores a choice, sets `<html data-theme>` and
 * checks the matching radio; the stylesheet draws the icons, marks the scheme in force from that attribute (right from
 * the first paint) and shows the toggle only once the attribute is set, so without JavaScript it is absent.
 */
export function SchemeToggle({ strings }: { strings?: Strings }) {
  // The header renders once per state, outside the page's React tree (`<Once>`): it passes its strings.
  const context = useStrings();
  const s = strings ?? context;
  return (
    <div className="scheme-toggle" role="radiogroup" aria-label={s.t('scheme.label')}>
      {SCHEMES.map((scheme) => {
        const label = s.t(`scheme.${scheme}`);
        return (
          <label key={scheme} className={`scheme-${scheme}`} title={label}>
            <input type="radio" name="color-scheme" value={scheme} aria-label={label} />
          </label>
        );
      })}
    </div>
  );
}
