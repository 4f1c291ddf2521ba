/** Islands the browser could not hydrate as the build rendered them, found while the page renders. */
import type { IslandInstance } from '../../templates/components/islands-context.ts';
import { editDistance } from '../edit-distance.ts';
import { SitegenError } from '../errors.ts';
import { notJson } from '../json-value.ts';

/** `a function`, `a Date`, `NaN`: what a value that JSON would change is. */
function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && value) return `a ${value.constructor?.name ?? 'class instance'}`;
  return `a ${typeof value}`;
}

const at = (props: object, path: (string | number)[]) => path.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], props);

/**
 * Fails the page (SG4001) on an island whose name has no chunk (it would never hydrate) or whose props are not plain
 * JSON (the browser would hydrate it with other props than the build rendered it with).
 */
export function checkIslands(instances: IslandInstance[], chunks: Record<string, string>, path: string, file: string): void {
  for (const { name, props } of instances) {
    if (!chunks[name]) {
      const names = Object.keys(chunks).sort();
      const near = names.find((known) => editDistance(name.toLowerCase(), known.toLowerCase(), 3) <= 2);
      throw new SitegenError('SG4001', `${path}: the island "${name}" has no component in site/islands/, so it would never hydrate`, {
        location: { file },
        hint: `${near ? `Did you mean "${near}"? ` : ''}An island's name is its file's name in site/islands/ (or templates/islands/), without the extension; the site has ${names.length ? names.join(', ') : 'no islands'}.`,
      });
    }
    const bad = notJson(props);
    if (bad) {
      const where = bad.length ? `props.${bad.join('.')}` : 'props';
      throw new SitegenError('SG4001', `${path}: the island "${name}" has ${where} = ${describe(at(props, bad))}, which is not plain JSON`, {
        location: { file },
        hint: 'Props travel to the browser as JSON in the page: pass strings, numbers, booleans, null, arrays and plain objects (a date as its ISO string); the island makes functions and objects of its own.',
      });
    }
  }
}
