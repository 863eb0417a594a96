/** The outcome of counting one request against its bucket's current window. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time in seconds when the current window ends. */
  resetAt: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

/** Port: counts requests per bucket (a key id or a client address) in fixed windows. */
export interface RateLimiter {
  /**
   * Counts one request in `bucket`'s current window: the limiter's own policy, or `policy` when given (a
   * tighter limit of its own, e.g. submissions per address per hour, counted in buckets of its own).
   */
  consume(bucket: string, now: Date, policy?: RateLimitPolicy): Promise<RateLimitDecision>;
}

/** Windows are aligned to multiples of their length since the epoch. */
export function windowStartOf(now: Date, windowMs: number): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}

export function decide(policy: RateLimitPolicy, windowStart: number, count: number, now: Date): RateLimitDecision {
  const resetMs = windowStart + policy.windowMs;
  return {
    allowed: count <= policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - count),
    resetAt: Math.ceil(resetMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((resetMs - now.getTime()) / 1000)),
  };
}
