/**
 * The code blocks' copy buttons (`.code-copy`, rendered hidden): one delegated click handler. The runtime imports
 * this chunk only on pages that have a code block, and the buttons show once it has marked the page ready.
 */
import type { pageText } from '../../templates/i18n/page.ts';

const READY = 'data-code-copy';
let status: HTMLElement | undefined;
const resets = new WeakMap<Element, ReturnType<typeof setTimeout>>();
/** Each button's own label (in its page's language), to show again after "Copied". */
const labels = new WeakMap<Element, string>();
/** The page's UI strings (the runtime's main chunk passes its reader: a chunk of its own would be a chunk this one imports). */
let say: typeof pageText = (_key, english) => english;

export function wireCodeCopy(strings?: typeof pageText): void {
  if (strings) say = strings;
  const root = document.documentElement;
  // Without the clipboard API (a page served over plain http) the buttons stay hidden.
  if (root.hasAttribute(READY) || !navigator.clipboard) return;
  status = document.createElement('div');
  status.className = 'sr-only';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  document.body.append(status);
  document.addEventListener('click', onClick);
  root.setAttribute(READY, '');
}

async function onClick(event: MouseEvent): Promise<void> {
  const button = (event.target as Element | null)?.closest?.('.code-copy');
  const code = button?.closest('.code-block')?.querySelector('pre code');
  if (!button || !code) return;
  if (!labels.has(button)) labels.set(button, button.textContent ?? '');
  let said = say('copy.copied', 'Copied');
  try {
    await navigator.clipboard.writeText(codeText(code));
  } catch {
    said = say('copy.failed', 'Copy failed');
  }
  button.textContent = said;
  button.setAttribute('data-copied', '');
  if (status) status.textContent = said;
  clearTimeout(resets.get(button));
  resets.set(
    button,
    setTimeout(() => {
      button.textContent = labels.get(button) || say('copy.button', 'Copy');
      button.removeAttribute('data-copied');
      if (status) status.textContent = '';
    }, 2000),
  );
}

/** The code as the reader would paste it: its lines without the removed side of a diff (numbers and signs are CSS). */
export function codeText(code: Element): string {
  const lines = code.querySelectorAll('.line');
  if (!lines.length) return code.textContent ?? '';
  const kept: string[] = [];
  for (const line of lines) if (!line.matches('.diff.remove')) kept.push(line.textContent ?? '');
  return kept.join('\n');
}
