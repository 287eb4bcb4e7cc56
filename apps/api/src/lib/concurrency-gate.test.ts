import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from './concurrency-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ConcurrencyGate', () => {
  it('runs at most `concurrency` tasks, queues `queueLength` more in order, and refuses the rest at once', async () => {
    const gate = new ConcurrencyGate(2, 2);
    const started: number[] = [];
    const blockers = Array.from({ length: 5 }, deferred);
    const runs = blockers.map((blocker, i) =>
      gate.run(async () => {
        started.push(i);
        await blocker.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 2]);
    // The fifth found every slot and queue place taken: refused without running.
    await expect(runs[4]).resolves.toBeNull();

    blockers[1]?.resolve();
    await expect(runs[1]).resolves.toEqual({ value: 1 });
    expect(started).toEqual([0, 1, 2]);
    // A newcomer cannot overtake the queue: it waits behind task 3.
    const late = gate.run(async () => {
      started.push(99);
      return 99;
    });
    blockers[0]?.resolve();
    blockers[2]?.resolve();
    blockers[3]?.resolve();
    await Promise.all([runs[0], runs[2], runs[3], late]);
    expect(started).toEqual([0, 1, 2, 3, 99]);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toEqual({ value: 'next' });
    expect(gate.running).toBe(0);
  });
});
