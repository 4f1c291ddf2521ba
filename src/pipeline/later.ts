/** A promise awaited later: its rejection is handled there, not reported as unhandled now. */
export function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
