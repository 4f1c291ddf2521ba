import { codeBlockHtml } from '../../src/markdown/highlight';
import { accessibleHtml } from './html';
import { copyButton, STRINGS_ENV } from '../../src/markdown/ui-strings';
import { ENGLISH } from '../i18n/keys';
import { useStrings } from '../i18n/strings';

/** A highlighted code block with exactly the markup markdown fences produce. */
export function CodeBlock({ code, lang, title, className }: { code: string; lang: string; title?: string; className?: string }) {
  const s = useStrings();
  // The copy button in the page's language, as markdown renders it (src/markdown/ui-strings.ts).
  const button = copyButton(s.table === ENGLISH ? {} : { [STRINGS_ENV]: { locale: s.locale, table: s.table } });
  return (
    <div
      className={className ? `code-wrap ${className}` : 'code-wrap'}
      dangerouslySetInnerHTML={{ __html: accessibleHtml(codeBlockHtml(code, lang, title, {}, button)) }}
    />
  );
}
