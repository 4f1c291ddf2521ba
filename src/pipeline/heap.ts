/**
 * Keeping a thread's heap near what is live: V8 lets a heap grow to two or three times its live size before a full
 * collection, and those peaks add up across a build's threads. `gc` is exposed as test runners do; where it cannot be, nothing happens.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const collectGarbage = ((): (() => void) | undefined => {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
})();

export class HeapCap {
  private ceiling = Infinity;

  /** `headroom`: bytes the heap may grow over what was live after the last collection. */
  constructor(private readonly headroom: number) {}

  /** Count the headroom from the heap as it is now, without collecting (a full collection is not free). */
  start(): void {
    this.ceiling = getHeapStatistics().used_heap_size + this.headroom;
  }

  /** A full collection now (a moment when the thread waits anyway, or holds mostly garbage). */
  collect(): void {
    if (!collectGarbage) return;
    collectGarbage();
    this.ceiling = getHeapStatistics().used_heap_size + this.headroom;
  }

  /** A full collection if the heap has grown past the headroom since the last one. */
  check(): void {
    if (collectGarbage && getHeapStatistics().used_heap_size >= this.ceiling) this.collect();
  }
}
