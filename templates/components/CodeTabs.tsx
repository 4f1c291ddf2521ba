import { Tabs } from './Tabs';
import { CodeBlock } from './CodeBlock';

export interface CodeSample {
  label: string;
  lang: string;
  code: string;
  /** Shown in the code head instead of the language, e.g. a file name. */
  title?: string;
}

/** Code samples in CSS-only tabs; each panel is a normal highlighted code block. */
export function CodeTabs({ name, label, samples, className }: { name: string; label: string; samples: CodeSample[]; className?: string }) {
  return (
    <Tabs
      name={name}
      label={label}
      className={`code-tabs${className ? ' ' + className : ''}`}
      items={samples.map((s, i) => ({
        key: String(i),
        label: s.label,
        content: <CodeBlock code={s.code} lang={s.lang} title={s.title} />,
      }))}
    />
  );
}
