/**
 * The dev server's browser client: takes a change as the server says (`css`: swap the stylesheets, `page`: swap the
 * page's payload, `reload`), and shows build problems in an overlay (text only, never markup).
 */
interface Problem {
  code: string;
  title: string;
  message: string;
  where: string;
  frame?: string;
  hint?: string;
}

let source: EventSource | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, css?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (css) node.style.cssText = css;
  return node;
}

function showOverlay(problems: Problem[]): void {
  removeOverlay();
  const overlay = el(
    'div',
    undefined,
    'position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.92);color:#f8fafc;overflow:auto;padding:2rem;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace',
  );
  overlay.id = 'sitegen-dev-overlay';
  overlay.dir = 'ltr'; // English, file paths and code frames: left to right also on a right-to-left page
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build problems');
  const head = el('div', undefined, 'display:flex;justify-content:space-between;align-items:center;margin-bottom:1rem');
  // (Not every problem keeps a last good version: an unknown layout's page is shown with a fallback, and says so.)
  head.append(
    el(
      'strong',
      `${problems.length} problem${problems.length === 1 ? '' : 's'} — each page shows its last good version, unless its problem says what is shown instead`,
      'font-size:16px;color:#fca5a5',
    ),
  );
  const close = el('button', 'Close', 'font:inherit;background:#334155;color:#fff;border:0;border-radius:4px;padding:.25rem .75rem;cursor:pointer');
  close.addEventListener('click', removeOverlay);
  head.append(close);
  overlay.append(head);
  for (const p of problems) {
    const card = el('section', undefined, 'border:1px solid #475569;border-radius:6px;padding:1rem;margin-bottom:1rem;background:#0f172a');
    card.append(el('div', `${p.where} [${p.code}] ${p.title}`, 'color:#fcd34d;font-weight:bold'));
    card.append(el('div', p.message, 'white-space:pre-wrap;margin:.5rem 0'));
    if (p.frame) card.append(el('pre', p.frame, 'margin:0;padding:.75rem;background:#020617;border-radius:4px;overflow:auto'));
    if (p.hint) card.append(el('div', `hint: ${p.hint}`, 'color:#7dd3fc;margin-top:.5rem'));
    overlay.append(card);
  }
  document.body.append(overlay);
}

function removeOverlay(): void {
  document.getElementById('sitegen-dev-overlay')?.remove();
}

function markDraft(): void {
  if (!document.querySelector('#__sitegen[data-draft]') || document.getElementById('sitegen-draft')) return;
  const badge = el(
    'div',
    'Draft — not published',
    'position:fixed;top:.75rem;left:50%;transform:translateX(-50%);z-index:9999;background:#b45309;color:#fff;font:600 13px/1 system-ui,sans-serif;padding:.45rem .8rem;border-radius:999px',
  );
  badge.id = 'sitegen-draft';
  document.body.append(badge);
}

interface Sheet {
  href: string;
  /** A page's own sheet (`data-h`, as the runtime marks the payload's tags). */
  h: boolean;
}

/** `style` for a sheet of ours (`/_sitegen/style.1a2b3c4d5e.css`); undefined for any other. */
const sheetName = (href: string) => /\/_sitegen\/([^/]+?)\.[0-9a-f]+\.css$/.exec(href)?.[1];

/**
 * The page's stylesheets become `sheets`: each new one goes in beside the one of its name (so the cascade keeps its
 * order), and the old ones go once the new ones have loaded, so nothing shows unstyled; scroll and form state stay.
 */
function swapStylesheets(sheets: Sheet[], assets: string): void {
  // Where the page is scrolled to: the browser's scroll anchoring may move it while both sheets apply.
  const y = window.scrollY;
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  const stale = links.filter((l) => sheetName(l.href) !== undefined && !sheets.some((s) => s.href === l.getAttribute('href')));
  let previous: Element | undefined;
  const loads = sheets.map((sheet) => {
    const present = links.find((l) => l.getAttribute('href') === sheet.href);
    if (present) return void (previous = present);
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = sheet.href;
    if (sheet.h) link.setAttribute('data-h', '');
    const beside = stale.find((l) => sheetName(l.href) === sheetName(sheet.href)) ?? previous;
    if (beside) beside.after(link);
    else document.head.append(link);
    previous = link;
    return new Promise<boolean>((resolve) => {
      link.onload = () => resolve(true);
      link.onerror = () => resolve(false);
    });
  });
  Promise.all(loads).then((loaded) => {
    if (loaded.includes(false)) return location.reload();
    for (const link of stale) link.remove();
    window.scrollTo({ top: y, behavior: 'instant' });
    // Client-side navigation swaps in only payloads of the page's asset set: now the new one.
    document.documentElement.dataset.assets = assets;
    const runtime = (window as unknown as { sitegen?: { state: { assets: string } } }).sitegen;
    if (runtime) runtime.state.assets = assets;
  });
}

/** The page's content afresh, through the runtime's own payload swap; a full reload when that cannot be done. */
function swapPage(): void {
  const dev = (window as unknown as { sitegen?: { dev?: { refresh(): Promise<boolean> } } }).sitegen?.dev;
  if (dev) dev.refresh().then((done) => done || location.reload());
  else location.reload();
}

/** This page load's id: when its stream opens again (a tab shown again), the server tells it what changed meanwhile. */
const id = Math.random().toString(36).slice(2);

function connect(): void {
  source?.close();
  source = new EventSource(`/_sitegen/dev/events?path=${encodeURIComponent(location.pathname)}&id=${id}`);
  source.addEventListener('open', hide);
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('css', (event) => {
    const { sheets, assets } = JSON.parse((event as MessageEvent).data) as { sheets: Sheet[]; assets: string };
    swapStylesheets(sheets, assets);
  });
  source.addEventListener('page', swapPage);
  source.addEventListener('problems', (event) => showOverlay(JSON.parse((event as MessageEvent).data) as Problem[]));
  source.addEventListener('clear', removeOverlay);
}

window.addEventListener('sitegen:navigated', () => {
  document.getElementById('sitegen-draft')?.remove();
  markDraft();
  connect();
});
/**
 * A hidden tab lets its stream go once the server knows what it shows (opened in the background, or hidden since): a
 * browser opens at most six connections to one host, and with one held by each open dev page a seventh would never load.
 */
function hide(): void {
  if (document.visibilityState !== 'hidden') return;
  source?.close();
  source = undefined;
}

document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? hide() : source || connect()));
markDraft();
connect();
