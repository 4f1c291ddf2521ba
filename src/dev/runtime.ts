/**
 * The browser runtime as `sitegen dev` serves it: the build's runtime, plus the payload swap the dev client calls
 * after a document changed (`sitegen.dev.refresh()`). It goes through the runtime's own payload loading and swap, as
 * a navigation does; dev's build of the runtime exports them (buildDevRuntime), a build's runtime is left as it is.
 */
import '../runtime/index.ts';
import * as navigate from '../runtime/navigate.ts';
import { routePath, state } from '../runtime/state.ts';

interface Payload {
  assets: string;
  status: number;
}

/** What navigate.ts exports in dev's build of the runtime only. */
const { addStylesheets, cache, load, swap } = navigate as unknown as {
  addStylesheets(payload: Payload): Promise<unknown>;
  cache: Map<string, Promise<Payload>>;
  load(path: string, urgent: boolean): Promise<Payload>;
  swap(payload: Payload): void;
};

/** Swap in the current page's payload afresh, where it is scrolled to; false when the page must load instead. */
async function refresh(): Promise<boolean> {
  const path = routePath(location.pathname);
  cache.delete(path);
  const root = document.getElementById('__sitegen');
  try {
    const payload = await load(path, true);
    if (!root || payload.assets !== state.assets || String(payload.status) !== (root.dataset.status ?? '200')) return false;
    await addStylesheets(payload);
    const y = window.scrollY;
    swap(payload);
    window.scrollTo({ top: y, behavior: 'instant' });
    return true;
  } catch {
    return false;
  }
}

(window as unknown as { sitegen: { dev?: unknown } }).sitegen.dev = { refresh };
