import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { WorkerSession, Workers } from '../../../src/pipeline/workers.ts';

/** `Workers.map` over two stand-in sessions (map only reads each session's index). */
function pool(): { workers: Workers; sessions: WorkerSession[] } {
  const sessions = [0, 1].map((index) => ({ index }) as WorkerSession);
  const workers = Object.assign(Object.create(Workers.prototype) as Workers, { sessions });
  return { workers, sessions };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('Workers.map', () => {
  it('makes batches as the queues run dry, keeps each session to its depth, and answers in batch order', async () => {
    const { workers } = pool();
    const events: string[] = [];
    const inFlight = [0, 0];
    let peak = 0;
    let made = 0;
    const more = () => {
      if (made >= 10) return undefined;
      events.push(`made ${made}`);
      return [[made++], [made++]];
    };
    const results = await workers.map(
      [[100]],
      async (session, batch: number[]) => {
        events.push(`ran ${batch[0]}`);
        peak = Math.max(peak, ++inFlight[session.index]);
        await tick();
        inFlight[session.index]--;
        return batch[0] * 2;
      },
      undefined,
      2,
      more,
    );
    expect(results).toEqual([200, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(peak).toBe(2);
    // The batch given up front goes out before any other is made, and each is made before it runs.
    expect(events[0]).toBe('ran 100');
    for (let i = 0; i < 10; i += 2) expect(events.indexOf(`made ${i}`)).toBeLessThan(events.indexOf(`ran ${i}`));
  });

  it('runs a batch on the session that owns it, made early or late', async () => {
    const { workers, sessions } = pool();
    const ranOn = new Map<string, number>();
    let round = 0;
    const more = () => (round++ < 3 ? [['late-a'], ['late-b'], ['free']].map(([name]) => [`${name}-${round}`]) : undefined);
    const owner = (batch: string[]) =>
      batch[0].startsWith('late-a') || batch[0] === 'a' ? sessions[0] : batch[0].startsWith('late-b') || batch[0] === 'b' ? sessions[1] : undefined;
    await workers.map(
      [['a'], ['b'], ['free-0']],
      async (session, batch: string[]) => {
        ranOn.set(batch[0], session.index);
        await tick();
      },
      owner,
      2,
      more,
    );
    expect(ranOn.size).toBe(12);
    for (const [name, index] of ranOn) {
      if (name === 'a' || name.startsWith('late-a')) expect(index, name).toBe(0);
      if (name === 'b' || name.startsWith('late-b')) expect(index, name).toBe(1);
    }
  });

  it('sends every batch at once with an unbounded depth, and stops on the first failure', async () => {
    const { workers } = pool();
    let inFlight = 0;
    let peak = 0;
    await workers.map(
      Array.from({ length: 20 }, (_, i) => i),
      async () => {
        peak = Math.max(peak, ++inFlight);
        await tick();
        inFlight--;
      },
      undefined,
      Infinity,
    );
    expect(peak).toBe(20);
    await expect(
      workers.map([1, 2, 3], async (_, n) => {
        if (n === 2) throw new Error('batch 2 failed');
        return n;
      }),
    ).rejects.toThrow('batch 2 failed');
  });
});

describe('WorkerSession', () => {
  it('closes its channel when its task fails before the worker took the other end, so the process can exit', async () => {
    const { port1, port2 } = new MessageChannel();
    const closed = new Promise<string>((resolve) => port2.once('close', () => resolve('closed')));
    const session = new WorkerSession(0, port1, Promise.reject(new Error('could not be cloned')), new Int32Array(2));
    await session.done;
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 2000).unref());
    expect(await Promise.race([closed, late])).toBe('closed');
    await expect(session.request({ type: 'close' } as never, 'parsing', ['a.md'])).rejects.toThrow(/could not be cloned/);
  });
});
