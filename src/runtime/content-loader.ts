/** The content client is a chunk of its own, loaded only when a page queries content; a failed load reloads (guarded). */
import { guardedReload } from './guard.ts';
import { previewToken } from './preview.ts';
import { config } from './state.ts';
import type { ContentContext } from './content.ts';

export const contentContext = (): ContentContext => ({ base: config.base, previewToken: previewToken(), locales: config.locales.filter(Boolean) });

export function contentClient(): Promise<typeof import('./content.ts')> {
  return import('./content.ts').catch((error: unknown) => {
    console.error('[sitegen] the content client failed to load', error);
    guardedReload();
    throw error;
  });
}
