/**
 * At most `concurrency` tasks at once and `queueLength` more waiting for a turn; past that,
 * enter() refuses at once instead of letting waiters pile up (load shedding). In-process:
 * it protects this process's CPU and database connections, not a shared quota.
 */
export class ConcurrencyGate {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queueLength: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
    if (!Number.isInteger(queueLength) || queueLength < 0) throw new Error('queueLength must be a non-negative integer');
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * A turn: resolves with its release function once a slot is free, or null at once when
   * every slot and queue place is taken. Call release exactly once when the work is done.
   */
  enter(): Promise<() => void> | null {
    if (this.#running < this.concurrency) {
      this.#running++;
      return Promise.resolve(this.#releaser());
    }
    if (this.#waiting.length >= this.queueLength) return null;
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#releaser())));
  }

  /** Runs task in a turn; null (task not run) when the gate is full. */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    const turn = this.enter();
    if (!turn) return null;
    const release = await turn;
    try {
      return { value: await task() };
    } finally {
      release();
    }
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      if (next) next();
      else this.#running--;
    };
  }
}
