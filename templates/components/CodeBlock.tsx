import { codeBlockHtml } from '../../src/markdown/highlight';

/** A highlighted code block with exactly the markup markdown fences produce. */
export function CodeBlock({ code, lang, title, className }: { code: string; lang: string; title?: string; className?: string }) {
  return <div className={className ? `code-wrap ${className}` : 'code-wrap'} dangerouslySetInnerHTML={{ __html: codeBlockHtml(code, lang, title) }} />;
}
