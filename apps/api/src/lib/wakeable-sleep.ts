/**
 * A sleep that a stop can cut short: a polling loop waits between rounds, and `wake` ends the
 * wait at once (to stop, or because there is work). `unref`: the timer alone keeps no process alive.
 */
export function wakeableSleep(options: { unref?: boolean } = {}): { sleep(ms: number): Promise<void>; wake(): void } {
  let waiting: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        if (options.unref) timer.unref();
        function done() {
          clearTimeout(timer);
          waiting = undefined;
          resolve();
        }
        waiting = done;
      }),
    wake: () => waiting?.(),
  };
}
