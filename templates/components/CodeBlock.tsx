import { codeBlockHtml } from '../../src/markdown/highlight';
import { accessibleHtml } from './html';

/** A highlighted code block with exactly the markup markdown fences produce. */
export function CodeBlock({ code, lang, title, className }: { code: string; lang: string; title?: string; className?: string }) {
  return (
    <div
      className={className ? `code-wrap ${className}` : 'code-wrap'}
      dangerouslySetInnerHTML={{ __html: accessibleHtml(codeBlockHtml(code, lang, title)) }}
    />
  );
}
