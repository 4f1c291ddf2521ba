/**
 * `theme.logo.src` is shown on every page (header and footer): a root-relative one that names no public file would be
 * a broken image everywhere, so it is a problem (SG5003) at the config, as a missing image in a document is.
 */
import { existsSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { findConfigFile } from '../config/load.ts';
import { displayPath } from '../content/discover.ts';
import { SitegenError } from '../errors.ts';
import type { Project } from '../pipeline/project.ts';

export function logoProblems(project: Pick<Project, 'root' | 'config' | 'publicDir'>): SitegenError[] {
  const src = project.config.theme.logo?.src;
  // Another origin (`https://…`, `//cdn…`) or data is not a file of the site.
  if (!src?.startsWith('/') || src.startsWith('//')) return [];
  const file = resolve(project.publicDir, `.${safeDecode(src.replace(/[?#].*$/, ''))}`);
  const inside = !relative(project.publicDir, file).startsWith(`..${sep}`);
  if (inside && existsSync(file) && statSync(file).isFile()) return [];
  const config = findConfigFile(project.root);
  const shown = displayPath(file, project.root);
  return [
    new SitegenError('SG5003', `Missing image ${src} for theme.logo (looked for ${shown})`, {
      location: { file: config ? displayPath(config, project.root) : 'site/config.ts' },
      hint: `Put the logo under ${displayPath(project.publicDir, project.root)}/ (theme.logo.src: '/logo.svg' is ${displayPath(project.publicDir, project.root)}/logo.svg), or fix the path.`,
    }),
  ];
}

/** `%20` as a space; a malformed escape is left as written (and names no file). */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
