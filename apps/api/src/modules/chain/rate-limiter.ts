/** Time as the rate limiter sees it; tests pass a hand-driven one. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * At most `limit` starts in any `windowMs`, first come first served: a caller past the limit
 * waits in the queue until the oldest start of the window leaves it.
 */
export class RateLimiter {
  private readonly starts: number[] = [];
  private readonly queue: Array<() => void> = [];
  private waking = false;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('rate limit must be a positive integer');
  }

  /** Callers waiting for a turn. */
  get pending(): number {
    return this.queue.length;
  }

  /** Resolves when the caller may start. */
  acquire(): Promise<void> {
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.release();
    });
  }

  private release() {
    const now = this.clock.now();
    while (this.starts.length > 0 && now - this.starts[0]! >= this.windowMs) this.starts.shift();
    while (this.queue.length > 0 && this.starts.length < this.limit) {
      this.starts.push(now);
      this.queue.shift()!();
    }
    if (this.queue.length > 0 && !this.waking) {
      this.waking = true;
      void this.clock.sleep(this.starts[0]! + this.windowMs - now).then(() => {
        this.waking = false;
        this.release();
      });
    }
  }
}
