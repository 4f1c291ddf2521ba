/** Symbolic links out of the project (SG2010) that `sitegen dev` refused, kept current and shown as `(links)` problems. */
import { dirname, resolve, sep } from 'node:path';
import { linkOutside, outsideLinkProblem } from '../content/links.ts';
import type { ProjectScope } from '../content/scope.ts';
import type { SitegenError } from '../errors.ts';

export class OutsideLinks {
  /** Refused links by display path. */
  private readonly links = new Map<string, SitegenError>();

  constructor(
    private readonly root: string,
    private readonly problems: Map<string, SitegenError[]>,
  ) {}

  clear(): void {
    this.links.clear();
  }

  /** Show refused links found below `dir`, in place of those found there before (all of them without `dir`). */
  set(problems: SitegenError[], dir?: string): void {
    for (const key of this.links.keys()) if (dir && resolve(this.root, key).startsWith(dir + sep)) this.links.delete(key);
    for (const problem of problems) this.links.set(problem.location?.file ?? problem.message, problem);
    if (this.links.size) this.problems.set('(links)', [...this.links.values()]);
    else this.problems.delete('(links)');
  }

  /** A file below `dir` changed: true when it is reached through a link out of the project (SG2010); links now gone or inside are forgotten. */
  check(file: string, dir: string, removed: boolean, scope: ProjectScope): boolean {
    for (const key of this.links.keys()) {
      const link = resolve(this.root, key);
      if (!linkOutside(link, dirname(link), scope)) this.links.delete(key);
    }
    const outside = removed ? undefined : linkOutside(file, dir, scope);
    this.set(outside ? [outsideLinkProblem(outside.link, outside.target, this.root, outside.why)] : []);
    return Boolean(outside);
  }
}
