/**
 * Compile what default-theme sites take from sitegen unchanged (built-in plugins, theme, stylesheet, runtime) into
 * `lib/prebuilt/` when sitegen is compiled, so a project's first build runs no esbuild unless it has its own.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATES_DIR } from './paths.ts';
import { PREBUILT_DIR } from './cache/memo.ts';
import { compilePlugins, pluginRefs } from './plugins/load.ts';
import { bundleTemplates, findTemplateSources } from './render/bundle.ts';
import { buildRuntime, buildStylesheets } from './output/assets.ts';

async function prebuild(): Promise<void> {
  rmSync(PREBUILT_DIR, { recursive: true, force: true });
  // An empty project outside sitegen's folder: every package resolves to sitegen's own copy.
  const root = mkdtempSync(join(tmpdir(), 'sitegen-prebuild-'));
  try {
    await Promise.all([
      // Every built-in plugin (`react-sitegen/plugins/<name>`), not only those a site gets by default.
      compilePlugins(
        pluginRefs(
          readdirSync(join(TEMPLATES_DIR, 'plugins'))
            .filter((name) => name.endsWith('.ts'))
            .map((name) => `react-sitegen/plugins/${name.slice(0, -3)}`),
        ),
        root,
        PREBUILT_DIR,
      ),
      findTemplateSources(TEMPLATES_DIR, join(root, 'site/pages')).then((sources) => bundleTemplates(sources, root, PREBUILT_DIR)),
      buildStylesheets([join(TEMPLATES_DIR, 'styles')], PREBUILT_DIR),
      buildRuntime(PREBUILT_DIR),
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await prebuild();
