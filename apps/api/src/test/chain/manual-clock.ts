import type { Clock } from '../../modules/chain/rate-limiter';

/** A clock that moves only when the test says so: rate limits are checked by counting, not timing. */
export class ManualClock implements Clock {
  private time = 0;
  private readonly sleepers: Array<{ at: number; wake: () => void }> = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ at: this.time + ms, wake }));
  }

  /** Moves time forward and wakes every sleeper whose time has come. */
  advance(ms: number): void {
    this.time += ms;
    for (let i = this.sleepers.length - 1; i >= 0; i--) {
      if (this.sleepers[i]!.at <= this.time) this.sleepers.splice(i, 1)[0]!.wake();
    }
  }
}
