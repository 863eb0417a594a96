import { AppError, verifyApiKey } from '@islamic-data/core';
import type { RequestHandler } from 'express';
import type { AppDependencies } from '../dependencies.js';

/**
 * Identifies the caller and counts the request: against its key when the key is valid, else
 * against the client address (so that keys cannot be guessed at speed). Sets the `X-RateLimit-*`
 * headers on every response, and refuses with 429 once the window's count is spent.
 */
export function identifyAndLimit(deps: Pick<AppDependencies, 'stores' | 'clock' | 'rateLimiter'>): RequestHandler {
  return async (req, res, next) => {
    const verification = await verifyApiKey({ keys: deps.stores.keys, clock: deps.clock }, req.get('X-API-Key'));
    res.locals.verification = verification;
    const bucket = verification.outcome === 'ok' ? `key:${verification.key.id}` : `ip:${req.ip ?? 'unknown'}`;
    const decision = await deps.rateLimiter.consume(bucket, deps.clock.now());
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
    if (decision.allowed) return next();
    res.setHeader('Retry-After', String(decision.retryAfterSeconds));
    next(
      new AppError(
        'RATE_LIMITED',
        `Rate limit of ${decision.limit} requests per minute exceeded; ` +
          `retry after ${decision.retryAfterSeconds} seconds.`,
      ),
    );
  };
}
