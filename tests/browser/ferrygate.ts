/**
 * The Ferrygate site, freshly built, served on 127.0.0.1 and opened in Chromium. Every request
 * that would leave the local server (analytics, form posts, external links) is intercepted:
 * browser tests never touch the network. POSTs are answered 200 so forms can complete.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { remove, runCli, tempDir } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

export interface ServedSite {
  out: string;
  server: RunningServer;
  browser: Browser;
  /** URLs of the requests that tried to leave 127.0.0.1. */
  outside: string[];
  close(): Promise<void>;
}

export async function serveFerrygate(): Promise<ServedSite> {
  const out = join(tempDir(), 'dist');
  const built = await runCli(['build', '--quiet', '--out', out]);
  expect(built.code, built.stderr).toBe(0);
  const server = await startPreview({ outDir: out, port: 0 });
  const browser = await launch();
  const outside: string[] = [];
  await browser.context.route(
    (url) => !url.href.startsWith(server.url),
    (route) => {
      outside.push(route.request().url());
      return route.request().method() === 'POST' ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }) : route.abort();
    },
  );
  return {
    out,
    server,
    browser,
    outside,
    async close() {
      await browser.close();
      await server.close();
      remove(join(out, '..'));
    },
  };
}
