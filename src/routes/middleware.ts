/** Route middleware: named checks from the config, run at build time; a rejection renders the route as the not-found page. */
import type { ResolvedConfig } from '../config/schema.ts';
import { SitegenError } from '../errors.ts';
import type { Route } from './table.ts';

export async function runMiddleware(routes: Route[], config: ResolvedConfig): Promise<SitegenError[]> {
  const errors: SitegenError[] = [];
  for (const route of routes) {
    for (const name of route.middleware) {
      const fn = config.middleware[name];
      if (!fn) {
        errors.push(
          new SitegenError('SG3002', `Unknown route middleware: '${name}'`, {
            location: { file: route.source },
            hint: `Register it under \`middleware\` in site/config.ts${Object.keys(config.middleware).length ? ` (registered: ${Object.keys(config.middleware).join(', ')})` : ''}.`,
          }),
        );
        continue;
      }
      const ok = await fn({ path: route.path, source: route.source, data: route.page.frontmatter });
      if (ok === false) {
        route.status = 404;
        route.rejected = true;
        break;
      }
    }
  }
  return errors;
}
