import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from '@islamic-data/core';
import cluster from 'node:cluster';

const MESSAGE = 'islamic-data:rate-limit';

interface CountRequest {
  type: typeof MESSAGE;
  id: number;
  bucket: string;
  now: number;
  policy?: RateLimitPolicy;
}

interface CountReply {
  type: typeof MESSAGE;
  id: number;
  decision?: RateLimitDecision;
  error?: string;
}

const isCountMessage = (message: unknown): message is CountRequest & CountReply =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === MESSAGE;

/**
 * In the primary of `WORKERS=N` without Redis: counts every worker's requests in one limiter, so that
 * the limit is exact across the workers (one IPC round trip per request).
 */
export function countForWorkers(limiter: RateLimiter): void {
  cluster.on('message', (worker, message: unknown) => {
    if (!isCountMessage(message)) return;
    const reply = (answer: Omit<CountReply, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: MESSAGE, id: message.id, ...answer });
    };
    limiter.consume(message.bucket, new Date(message.now), message.policy).then(
      (decision) => reply({ decision }),
      (error: unknown) => reply({ error: String(error) }),
    );
  });
}

/** In a worker: a rate limiter that asks the primary (see `countForWorkers`). */
export function primaryRateLimiter(): RateLimiter {
  let lastId = 0;
  const pending = new Map<number, { resolve(decision: RateLimitDecision): void; reject(error: Error): void }>();
  process.on('message', (message: unknown) => {
    if (!isCountMessage(message)) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.decision) waiting?.resolve(message.decision);
    else waiting?.reject(new Error(`The primary could not count the request: ${message.error}`));
  });
  return {
    consume(bucket, now, policy) {
      return new Promise((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, { resolve, reject });
        const request: CountRequest = { type: MESSAGE, id, bucket, now: now.getTime(), ...(policy ? { policy } : {}) };
        process.send!(request);
      });
    },
  };
}
