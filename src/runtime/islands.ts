/**
 * Islands: server-rendered components that hydrate with React, each chunk loaded only where it appears.
 * A chunk that fails to load (a stale deploy) triggers one guarded reload.
 */
import { guardedReload } from './guard.ts';

interface Mounted {
  unmount(): void;
}

const mounted: Mounted[] = [];

export function mountIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island][data-island-src]')) {
    if (el.dataset.hydrated) continue;
    el.dataset.hydrated = 'pending';
    const props = JSON.parse(el.dataset.props || '{}') as Record<string, unknown>;
    import(/* @vite-ignore */ el.dataset.islandSrc!)
      .then((mod: { mount(el: HTMLElement, props: unknown): Mounted }) => {
        mounted.push(mod.mount(el, props));
        el.dataset.hydrated = 'true';
      })
      .catch((error) => {
        console.error(`[sitegen] island ${el.dataset.island} failed to load`, error);
        guardedReload();
      });
  }
}

export function unmountIslands(): void {
  for (const island of mounted.splice(0)) island.unmount();
}
