/** Small progressive enhancements that need no React: copy buttons, the not-found path and its suggestions. */
import { contentClient, contentContext } from './content-loader.ts';
import { guardedReload } from './guard.ts';
import { pageText } from '../../templates/i18n/page.ts';

/** Search boxes load the search client (`<meta name="sitegen:search">`) on first focus, so the index costs nothing until used. */
function wireSearch(root: ParentNode): void {
  const src = document.querySelector<HTMLMetaElement>('meta[name="sitegen:search"]')?.content;
  if (!src) return;
  for (const box of root.querySelectorAll<HTMLElement>('[data-sitegen-search]')) {
    if (box.dataset.searchWired) continue;
    box.dataset.searchWired = 'true';
    const start = () => {
      import(/* @vite-ignore */ src)
        .then((mod: { mount(el: HTMLElement): void }) => mod.mount(box))
        .catch((error) => {
          console.error('[sitegen] search failed to load', error);
          guardedReload(); // a chunk of ours that fails to load means a stale page
        });
    };
    box.addEventListener('focusin', start, { once: true });
    // A search sent as a form (`?q=`: without JavaScript, or before the index loaded) opens here with its results.
    if (location.search.includes('q=')) start();
  }
}

export function enhance(root: ParentNode = document): void {
  // The not-found page names no path without JavaScript (it cannot know it); show the real one.
  for (const el of root.querySelectorAll<HTMLElement>('[data-missing-path]')) {
    (el.querySelector('code') ?? el).textContent = location.pathname;
    el.hidden = false;
  }
  // Pages like the missing one, from the content API (the content client's chunk loads only here).
  for (const box of root.querySelectorAll<HTMLElement>('[data-sitegen-suggest]')) {
    if (box.dataset.suggestWired) continue;
    box.dataset.suggestWired = 'pending';
    contentClient()
      .then((client) => client.suggestPages(box, contentContext()))
      .catch(() => undefined)
      .finally(() => (box.dataset.suggestWired = 'done'));
  }
  wireSearch(root);
  // The docs sidebar scrolled to the current page when it lies below the sidebar's fold (a deep page of a long tree).
  const link = root.querySelector<HTMLElement>('.docs-sidebar [aria-current="page"]');
  const side = link?.closest<HTMLElement>('.docs-sidebar');
  if (link && side) {
    const y = link.getBoundingClientRect().top - side.getBoundingClientRect().top;
    if (y > side.clientHeight - 48) side.scrollTop += y - side.clientHeight / 3;
  }
  // Copy buttons: their chunk loads only on pages that have a code block.
  if (root.querySelector('.code-copy')) import('./code-copy.ts').then((mod) => mod.wireCodeCopy(pageText)).catch(() => guardedReload());
}

/**
 * Keys for the header: `/` or Ctrl/⌘+K moves to the search box (when it is on screen), as in docs sites; Escape closes
 * the phone menu, as does a click outside the header.
 */
export function wireKeys(): void {
  const menu = () => document.querySelector<HTMLInputElement>('.nav-toggle:checked');
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const open = menu();
    if (event.key === 'Escape' && !event.defaultPrevented && open) {
      open.checked = false;
      open.focus(); // the menu's control: its button shows the focus
    }
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable;
    if ((event.key === '/' && !typing) || (event.key === 'k' && (event.ctrlKey || event.metaKey))) {
      const box = document.querySelector<HTMLInputElement>('[data-sitegen-search] input');
      if (box?.offsetParent) {
        event.preventDefault();
        box.focus();
      }
    }
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest?.('.header-inner')) {
      const open = menu();
      if (open) open.checked = false;
    }
  });
}
