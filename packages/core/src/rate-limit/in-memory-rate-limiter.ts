import {
  decide,
  windowStartOf,
  type RateLimitDecision,
  type RateLimitPolicy,
  type RateLimiter,
} from './rate-limiter.js';

const SWEEP_THRESHOLD = 10_000;

export class InMemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { start: number; end: number; count: number }>();

  constructor(private readonly policy: RateLimitPolicy) {}

  async consume(bucket: string, now: Date, policy: RateLimitPolicy = this.policy): Promise<RateLimitDecision> {
    const start = windowStartOf(now, policy.windowMs);
    let window = this.windows.get(bucket);
    if (!window || window.start !== start) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.dropWindowsEndedBy(now.getTime());
      window = { start, end: start + policy.windowMs, count: 0 };
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return decide(policy, start, window.count, now);
  }

  private dropWindowsEndedBy(now: number): void {
    for (const [bucket, window] of this.windows) if (window.end <= now) this.windows.delete(bucket);
  }
}
