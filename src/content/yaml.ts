/** YAML as sitegen reads it: front matter (through gray-matter) and `site/data/` files. */
import yaml from 'js-yaml';

/** YAML with the core schema, so dates stay strings and parseDate can reject `2020-13-45` instead of rolling it over. */
export function loadYaml(text: string): object {
  // Anchors and aliases are refused: a self-reference or "billion laughs" would hang or crash the worker.
  const anchor = /(^|[:\-[{,]\s*)([&*])[^\s,\]}]+/m.exec(text);
  if (anchor) {
    const before = text.slice(0, anchor.index + anchor[1].length).split('\n');
    throw Object.assign(new Error('YAML anchors and aliases (&name, *name) are not supported'), {
      reason: 'YAML anchors and aliases (&name, *name) are not supported',
      mark: { line: before.length - 1, column: before[before.length - 1].length, position: anchor.index + anchor[1].length },
    });
  }
  return yaml.load(text, { schema: yaml.CORE_SCHEMA }) as object;
}
