// TEMPORARY exploratory scan; deleted after use.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { startPreview } from '../../src/server/preview.ts';
import { ROOT } from '../helpers.ts';
import { launch } from './chromium.ts';

it('scan', async () => {
  const out = process.env.SCAN_OUT!;
  const paths = process.env.SCAN_PATHS!.split(',');
  const server = await startPreview({ outDir: out, port: 0 });
  const browser = await launch();
  const lines: string[] = [];
  for (const vp of [1280, 390]) for (const scheme of ['light', 'dark'] as const) for (const path of paths) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: vp, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(server.url + path);
    await page.waitForTimeout(300);
    await page.evaluate(() => { for (const a of document.getAnimations()) if (a.effect?.getComputedTiming().iterations !== Infinity) a.finish(); });
    await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
    const v = await page.evaluate(async () => (await (window as any).axe.run(document, { resultTypes: ['violations'] })).violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(' ') + ' :: ' + (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)) })));
    for (const x of v) for (const n of x.nodes) lines.push(`${vp}\t${scheme}\t${path}\t${x.impact}\t${x.id}\t${n}`);
    await page.close();
  }
  writeFileSync('/tmp/scan/result.tsv', lines.join('\n') + '\n');
  await browser.close();
  await server.close();
}, 600_000);
