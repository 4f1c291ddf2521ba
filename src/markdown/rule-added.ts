/** A plugin's rule by what it adds: markdown-it names its rules but hands them out only as a chain. */
import type Ruler from 'markdown-it/lib/ruler.mjs';

/** The one rule `install` adds to `ruler`'s chain, so that it can be wrapped (`ruler.at(name, …)`). */
export function ruleAdded<T>(ruler: Ruler<T>, install: () => void): T {
  const before = new Set(ruler.getRules(''));
  install();
  const added = ruler.getRules('').filter((rule) => !before.has(rule));
  if (added.length !== 1) throw new Error(`expected one rule to be added, found ${added.length}`);
  return added[0];
}
