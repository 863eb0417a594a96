import { Redis } from 'ioredis';

/**
 * A client for the rate limiter: while Redis is unreachable a command fails at once (no offline
 * queue, no retries of a request) so that a request is answered 503 without waiting, and the client
 * keeps reconnecting in the background (every 0.1–1 s) so that service resumes when Redis is back.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    // Requests admitted in the same tick share one write to the socket (and Redis one read): one round trip each.
    enableAutoPipelining: true,
  });
  // Connection errors surface as refused requests; without a listener ioredis would print each one.
  redis.on('error', () => undefined);
  return redis;
}

/** Resolves once the client is connected, or after `timeoutMs` either way (the server then answers 503 until it is). */
export function untilRedisReady(redis: Redis, timeoutMs = 5_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

/** Closes the connection: QUIT when connected, at once otherwise. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
