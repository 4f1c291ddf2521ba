import type { ReactNode } from 'react';

/** A numbered list shown as steps along a line: `<Steps>` around an ordered markdown list, each item a step. */
export function Steps({ children }: { children?: ReactNode }) {
  return <div className="md-steps">{children}</div>;
}
