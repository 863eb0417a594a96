import type { Clock, RateLimitDecision, RateLimitPolicy, RateLimiter } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { Representation } from '../platform/representation.js';
import { countedAddress } from './client-address.js';
import { envelope, sendEnvelope } from './error-envelope.js';
import type { RequestContext } from './request-context.js';

/** Which hops' addresses to believe (Express's compiled `trust proxy` setting). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The 429 envelope for each limit and wait (at most 60 of them): made once, then sent as bytes. */
const refusals = new Map<string, Representation>();

function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  { limit, retryAfterSeconds }: RateLimitDecision,
  per: string = 'minute',
): void {
  const key = `${limit}:${retryAfterSeconds}:${per}`;
  let refusal = refusals.get(key);
  if (!refusal) {
    const message = `Rate limit of ${limit} requests per ${per} exceeded; retry after ${retryAfterSeconds} seconds.`;
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
 *
 * A route with a tighter limit per client address (`addressLimit`, e.g. submissions: 5 an hour) is counted
 * against it too, whatever its key, in buckets of its own; its headers are that limit's, the one that binds.
 */
export function requestCounting(deps: { rateLimiter: RateLimiter; clock: Clock }, trustProxy: TrustProxy) {
  return async (ctx: RequestContext, addressLimit?: RateLimitPolicy): Promise<boolean> => {
    const { verification, req, res } = ctx;
    const address = countedAddress(proxyAddr(req, trustProxy));
    const bucket = verification.outcome === 'ok' ? `key:${verification.key.id}` : `ip:${address}`;
    const now = deps.clock.now();
    const decision = await deps.rateLimiter.consume(bucket, now);
    setLimitHeaders(res, decision);
    if (!decision.allowed) return refused(ctx, () => refuse(req, res, decision));
    if (!addressLimit) return true;
    const tighter = await deps.rateLimiter.consume(`submissions:ip:${address}`, now, addressLimit);
    setLimitHeaders(res, tighter);
    if (!tighter.allowed) return refused(ctx, () => refuse(req, res, tighter, windowName(addressLimit.windowMs)));
    return true;
  };
}

function setLimitHeaders(res: ServerResponse, decision: RateLimitDecision): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
}

const windowName = (windowMs: number) =>
  windowMs === 3_600_000 ? 'hour' : windowMs === 60_000 ? 'minute' : `${Math.round(windowMs / 1000)} seconds`;

/** Refuses the request (429) and notes it for the request's observer. */
function refused(ctx: RequestContext, refuse: () => void): false {
  ctx.rateLimited = true;
  refuse();
  return false;
}
