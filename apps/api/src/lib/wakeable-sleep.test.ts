import { expect, it } from 'vitest';
import { wakeableSleep } from './wakeable-sleep';

it('ends a sleep at once when woken, and a wake with no sleep does nothing', async () => {
  const { sleep, wake } = wakeableSleep();
  wake();
  const started = Date.now();
  const sleeping = sleep(60_000);
  wake();
  await sleeping;
  expect(Date.now() - started).toBeLessThan(30_000);
});

it('sleeps its time when nobody wakes it', async () => {
  const { sleep } = wakeableSleep({ unref: true });
  const started = Date.now();
  await sleep(50);
  expect(Date.now() - started).toBeGreaterThanOrEqual(45);
});
