/**
 * Run `fn` over `items`, at most `limit` at a time, results in order (bounded I/O in the main thread). After a failure
 * no new item starts, and the first error is thrown once everything in flight settles: nothing is still writing.
 */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (error) {
        failed ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failed) throw failed.error;
  return results;
}
