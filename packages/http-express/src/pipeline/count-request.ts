import type { Clock, RateLimitDecision, RateLimiter } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { Representation } from '../platform/representation.js';
import { envelope, sendEnvelope } from './error-envelope.js';
import type { RequestContext } from './request-context.js';

/** Which hops' addresses to believe (Express's compiled `trust proxy` setting). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The 429 envelope for each limit and wait (at most 60 of them): made once, then sent as bytes. */
const refusals = new Map<string, Representation>();

function refuse(req: IncomingMessage, res: ServerResponse, { limit, retryAfterSeconds }: RateLimitDecision): void {
  const key = `${limit}:${retryAfterSeconds}`;
  let refusal = refusals.get(key);
  if (!refusal) {
    const message = `Rate limit of ${limit} requests per minute exceeded; retry after ${retryAfterSeconds} seconds.`;
    refusal = new Representation(envelope('RATE_LIMITED', message), {});
    refusals.set(key, refusal);
  }
  res.setHeader('Retry-After', String(retryAfterSeconds));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('ETag', refusal.etagFor('identity'));
  sendEnvelope(req, res, 'RATE_LIMITED', refusal.body);
}

/**
 * Counts the request, before any of its route's work (access, validation, the cache, the handler): against
 * its key when the key is valid, else against the client address (so that keys cannot be guessed at speed).
 * Every counted response carries the `X-RateLimit-*` headers; a spent window is answered 429 here, with
 * `Retry-After`. Says whether the request may go on.
 */
export function requestCounting(deps: { rateLimiter: RateLimiter; clock: Clock }, trustProxy: TrustProxy) {
  return async (ctx: RequestContext): Promise<boolean> => {
    const { verification, req, res } = ctx;
    const bucket =
      verification.outcome === 'ok' ? `key:${verification.key.id}` : `ip:${proxyAddr(req, trustProxy) ?? 'unknown'}`;
    const decision = await deps.rateLimiter.consume(bucket, deps.clock.now());
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
    if (!decision.allowed) {
      ctx.rateLimited = true;
      refuse(req, res, decision);
    }
    return decision.allowed;
  };
}
