import { AppError, decide, windowStartOf, type RateLimitPolicy, type RateLimiter } from '@islamic-data/core';
import type { Redis } from 'ioredis';

/**
 * Counts one request and returns the window's count, in one atomic round trip: the first request of
 * a window also sets its key to expire, so that finished windows leave nothing behind.
 */
const COUNT_REQUEST = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type CountingRedis = Redis & { countRequest(key: string, expireMs: number): Promise<number> };

export interface RedisRateLimiterOptions {
  /** Prepended to every key (default `islamic-data:rate:`), so that deployments can share a server. */
  keyPrefix?: string;
}

/**
 * Fixed windows counted in Redis, shared by every process and instance that uses the same server:
 * one key per bucket and window (`<prefix><bucket>:<window start>`). When Redis cannot answer, the
 * request is refused with SERVICE_UNAVAILABLE rather than let through uncounted.
 */
export function redisRateLimiter(
  redis: Redis,
  policy: RateLimitPolicy,
  options: RedisRateLimiterOptions = {},
): RateLimiter {
  const prefix = options.keyPrefix ?? 'islamic-data:rate:';
  const client = redis as CountingRedis;
  // ioredis sends the script by its SHA (EVALSHA) and loads it once when the server lacks it.
  if (typeof client.countRequest !== 'function')
    client.defineCommand('countRequest', { numberOfKeys: 1, lua: COUNT_REQUEST });
  return {
    async consume(bucket: string, now: Date, own: RateLimitPolicy = policy) {
      const start = windowStartOf(now, own.windowMs);
      let count: number;
      try {
        // Kept for two windows, so a key outlives its window whatever the clocks of the instances.
        count = Number(await client.countRequest(`${prefix}${bucket}:${start}`, 2 * own.windowMs));
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The rate limiter cannot be reached; retry in a few seconds.');
      }
      return decide(own, start, count, now);
    },
  };
}
