/**
 * The search box's browser client, bundled with MiniSearch by the search plugin into
 * `_sitegen/search.<hash>.js`. The runtime imports it on the first focus of a
 * `[data-sitegen-search]` form and calls `mount(form)`.
 *
 * It turns the form's input into an ARIA combobox with a listbox of results (the APG "list
 * autocomplete" pattern): ArrowDown/ArrowUp move the active option, Enter opens it, Escape closes
 * the list, a click follows the result's link. Without JavaScript the form is a plain GET form.
 * Nothing the user types is ever inserted as HTML.
 */
import MiniSearch from 'minisearch';
import { pageString } from '../i18n/page.ts';
import { INDEX_OPTIONS, MAX_RESULTS, SEARCH_OPTIONS, indexName, type SearchDocument, type StoredResult } from './options.ts';
import { type HitTerms, marks, ranked } from './match.ts';
import { tokenize } from './tokenize.ts';

/** The site's base path ('' at the root), from where the client itself is served. */
const BASE = new URL('..', new URL('.', import.meta.url)).pathname.replace(/\/$/, '');

/**
 * Beside the client: `…/_sitegen/search.<hash>.js` → `…/_sitegen/search/index.json`, or the index of
 * the page's locale (`index.ja.json`) on a site with locales, and of its older docs version
 * (`index.ja.v1.json`). Read at each search: a client-side navigation swaps the meta that names it.
 */
function indexUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="sitegen:search"]')?.dataset;
  return new URL(`search/${indexName(meta?.locale, meta?.version)}`, import.meta.url).href;
}

const indexes = new Map<string, Promise<MiniSearch<SearchDocument>>>();

/** Fetch and load an index, once per page (a failed load may be retried). */
function loadIndex(url: string): Promise<MiniSearch<SearchDocument>> {
  // (Its name stays the same from build to build: the browser revalidates it.)
  let loading = indexes.get(url);
  if (!loading) {
    loading = fetch(url, { cache: 'no-cache' })
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
        return response.text();
      })
      .then((json) => MiniSearch.loadJSON<SearchDocument>(json, INDEX_OPTIONS));
    indexes.set(url, loading);
    loading.catch(() => indexes.delete(url));
  }
  return loading;
}

/** A result as shown: its page, the heading it links to (if any), and the index's terms to mark in its text. */
interface Result extends StoredResult {
  anchor?: [id: string, text: string];
  terms: string[];
}

/** The results to show, and how many pages matched in all. */
function query(index: MiniSearch<SearchDocument>, text: string): { shown: Result[]; total: number } {
  let hits = index.search(text, SEARCH_OPTIONS);
  // Every word must match; when that finds nothing, any word will do (words unspaced in Chinese or Japanese too).
  const count = tokenize(text).filter(Boolean).length;
  if (!hits.length && count > 1) hits = index.search(text, { ...SEARCH_OPTIONS, combineWith: 'OR' });
  // The best few re-ranked: a page with a heading (or title) holding every word comes first, linked to that heading.
  const shown = ranked(hits.slice(0, MAX_RESULTS * 4) as unknown as (StoredResult & HitTerms & { score: number })[], count)
    .slice(0, MAX_RESULTS)
    .map(({ hit, anchor }) => ({ title: hit.title, path: hit.path, section: hit.section, description: hit.description, anchor, terms: hit.terms }));
  return { shown, total: hits.length };
}

/** A text with the matched words in `<mark>` (as text nodes: nothing is parsed as HTML). */
function marked(className: string, text: string, terms: string[]): HTMLSpanElement {
  const span = el('span', className);
  span.append(...marks(text, terms).map((part) => (part.mark ? el('mark', '', part.text) : part.text)));
  return span;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function go(href: string): void {
  // A heading of the page on screen: scrolled to as a click on its link would be, without loading the page again.
  const target = new URL(href, location.href);
  if (target.hash && target.pathname === location.pathname && target.search === location.search) {
    location.hash = target.hash;
    return;
  }
  const nav = (window as unknown as { sitegen?: { navigate?: (href: string) => unknown } }).sitegen?.navigate;
  if (typeof nav === 'function') void nav(href);
  else location.href = href;
}

/** Where a result leads: its page, at the heading that matched. */
const href = (r: Result) => `${BASE}${r.path}${r.anchor ? `#${encodeURIComponent(r.anchor[0])}` : ''}`;

let counter = 0;

export function mount(box: HTMLElement): void {
  if (box.dataset.searchMounted) return;
  const input = box.querySelector<HTMLInputElement>('input[type="search"], input[name="q"]');
  if (!input) return;
  box.dataset.searchMounted = 'true';

  const id = input.id || `sitegen-search-${++counter}`;
  const popup = el('div', 'search-popup');
  popup.hidden = true;
  const list = el('div', 'search-results');
  list.id = `${id}-results`;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', pageString('search.results', 'Search results'));
  const message = el('p', 'search-message');
  message.hidden = true;
  popup.append(list, message);
  // Announced to screen readers (outside the popup, so it is never display:none when it changes).
  const status = el('div', 'sr-only');
  status.setAttribute('role', 'status');
  box.append(popup, status);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  input.autocomplete = 'off';

  let results: Result[] = [];
  let active = -1;
  let ready = false;
  let seq = 0;
  /** The user closed the list (Escape, Tab, focus or a click elsewhere) since the last keystroke. */
  let dismissed = false;

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];

  function setActive(i: number): void {
    active = i;
    options().forEach((option, n) => option.setAttribute('aria-selected', String(n === i)));
    const current = options()[i];
    if (current) {
      input!.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input!.removeAttribute('aria-activedescendant');
  }

  function show(open: boolean): void {
    if (open) dismissed = false;
    popup.hidden = !open;
    input!.setAttribute('aria-expanded', String(open && results.length > 0));
    if (!open) setActive(-1);
  }

  function render(text: string, total: number): void {
    list.replaceChildren(
      ...results.map((r, i) => {
        const option = el('a', 'search-result');
        option.id = `${list.id}-${i}`;
        option.href = href(r);
        option.tabIndex = -1;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        const head = el('span', 'search-result-head');
        head.append(marked('search-result-title', r.title, r.terms), el('span', 'search-result-section', r.section));
        option.append(head);
        if (r.anchor) option.append(marked('search-result-heading', r.anchor[1], r.terms));
        if (r.description) option.append(marked('search-result-desc', r.description, r.terms));
        return option;
      }),
    );
    list.hidden = !results.length;
    // Under the list when more pages matched than it shows (a word more narrows them), else the count; or no results.
    const more = total > results.length;
    message.hidden = results.length > 0 && !more;
    message.textContent = !results.length
      ? pageString('search.noResults', 'No results for “{query}”', { query: text })
      : more
        ? pageString('search.resultCountOf', '{n} of {total} results', { n: results.length, total })
        : '';
    status.textContent =
      results.length && !more ? pageString('search.resultCount', { other: '{n} results', one: '{n} result' }, { n: results.length }) : message.textContent;
    active = -1;
    input!.removeAttribute('aria-activedescendant');
  }

  async function update(): Promise<void> {
    const text = input!.value.trim();
    const mine = ++seq;
    if (!text) {
      results = [];
      list.replaceChildren();
      status.textContent = '';
      show(false);
      return;
    }
    let index: MiniSearch<SearchDocument>;
    try {
      if (!ready && !dismissed) {
        message.hidden = false;
        message.textContent = pageString('search.loading', 'Loading the search index…');
        list.hidden = true;
        popup.hidden = false;
      }
      index = await loadIndex(indexUrl());
      ready = true;
    } catch (error) {
      if (mine !== seq) return;
      console.error('[sitegen] search index failed to load', error);
      results = [];
      list.replaceChildren();
      message.hidden = false;
      message.textContent = pageString('search.unavailable', 'Search is unavailable right now. Press Enter to search the docs.');
      popup.hidden = dismissed;
      return;
    }
    if (mine !== seq) return; // a newer keystroke owns the list
    const found = query(index, text);
    results = found.shown;
    render(text, found.total);
    // A list closed while the index was loading stays closed until the next keystroke or ArrowDown.
    if (dismissed) popup.hidden = true;
    else show(true);
  }

  /** Close the list because the user asked to (not because the query became empty). */
  function dismiss(): void {
    show(false);
    dismissed = true;
  }

  function openResult(i: number): void {
    const result = results[i];
    if (!result) return;
    show(false);
    input!.blur();
    go(href(result));
  }

  input.addEventListener('input', () => {
    dismissed = false;
    void update();
  });
  input.addEventListener('focus', () => {
    if (input.value.trim() && (results.length || !message.hidden)) show(true);
  });
  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!count) return;
        event.preventDefault();
        if (popup.hidden) show(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
        return;
      }
      case 'Enter': {
        // Before the index is ready the form submits as it would without JavaScript.
        if (!ready || !input.value.trim()) return;
        event.preventDefault();
        if (!popup.hidden && count) openResult(active === -1 ? 0 : active);
        return;
      }
      case 'Escape': {
        if (popup.hidden) return; // the browser clears the field
        event.preventDefault();
        dismiss();
        return;
      }
      case 'Tab':
        dismiss();
        return;
    }
  });

  // Keep focus in the input while the pointer works the list; a click follows the link
  // (the runtime turns it into client-side navigation).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('mousemove', (event) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    const i = option ? options().indexOf(option as HTMLAnchorElement) : -1;
    if (i !== -1 && i !== active) setActive(i);
  });
  list.addEventListener('click', (event) => {
    const option = (event.target as Element).closest('[role="option"]');
    if (!option) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    show(false);
    input.blur();
  });
  box.addEventListener('focusout', (event) => {
    if (!box.contains(event.relatedTarget as Node | null)) dismiss();
  });
  const outside = (event: PointerEvent) => {
    // Client-side navigation replaces the header: forget boxes that left the page.
    if (!box.isConnected) return document.removeEventListener('pointerdown', outside);
    if (!box.contains(event.target as Node)) dismiss();
  };
  document.addEventListener('pointerdown', outside);

  // A search sent as a form (`?q=`: without JavaScript, from another search form, or before the index had loaded)
  // lands here: its results open. A box in a collapsed panel (the header's menu on a phone) opens the panel first.
  const sent = new URLSearchParams(location.search).get('q');
  if (sent?.trim() && !input.value.trim()) {
    input.value = sent;
    const control = document.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-controls="${CSS.escape(box.closest('[id]')?.id ?? '')}"]`);
    if (control && !input.offsetParent) control.checked = true;
    input.focus({ preventScroll: true });
  }
  // Whatever was typed before the client arrived.
  if (input.value.trim()) void update();
}
