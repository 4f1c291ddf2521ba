/** Plain JSON values: what travels to a worker thread or into a page as data and comes back the same. */

/**
 * The path to the first thing in `value` that JSON would change or drop: a function, a symbol, a bigint, a number
 * that is not finite, a Date, a Map or another class instance. `undefined` is allowed (JSON leaves the key out).
 */
export function notJson(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object') return path;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return path;
  for (const [key, item] of Object.entries(value)) {
    const found = notJson(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}
