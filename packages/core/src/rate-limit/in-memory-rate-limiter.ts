import {
  decide,
  windowStartOf,
  type RateLimitDecision,
  type RateLimitPolicy,
  type RateLimiter,
} from './rate-limiter.js';

const SWEEP_THRESHOLD = 10_000;

export class InMemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly policy: RateLimitPolicy) {}

  async consume(bucket: string, now: Date): Promise<RateLimitDecision> {
    const start = windowStartOf(now, this.policy.windowMs);
    let window = this.windows.get(bucket);
    if (!window || window.start !== start) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.dropWindowsBefore(start);
      window = { start, count: 0 };
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return decide(this.policy, start, window.count, now);
  }

  private dropWindowsBefore(start: number): void {
    for (const [bucket, window] of this.windows) if (window.start < start) this.windows.delete(bucket);
  }
}
