import type { ReactNode } from 'react';
import { propText } from './prop-text';
import { useStrings } from '../i18n/strings';

/**
 * A folder's files: `<FileTree>` around a nested markdown list, one name per item; an item with a list under it is a
 * folder. `label` names the tree for assistive technology.
 */
export function FileTree({ label, children }: { label?: string; children?: ReactNode }) {
  const s = useStrings();
  return (
    <div className="md-file-tree" role="group" aria-label={propText(label) || s.t('markdown.files')}>
      {children}
    </div>
  );
}
