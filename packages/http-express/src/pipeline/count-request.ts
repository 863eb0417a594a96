import type { AdmissionCount, Clock, RateLimitDecision, RateLimitPolicy, RequestAdmission } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { entityTag, etagHeader } from '../platform/representation.js';
import { countedAddress } from './client-address.js';
import { envelope, sendEnvelope } from './error-envelope.js';
import type { RequestContext } from './request-context.js';

/** Which hops' addresses to believe (Express's compiled `trust proxy` setting). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The 429 envelope for each limit and wait (at most 60 of them), and its tag: made once, then sent as bytes. */
const refusals = new Map<string, { body: Buffer; etag: string }>();

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
    const body = envelope('RATE_LIMITED', message);
    refusal = { body, etag: etagHeader(entityTag(body)) };
    refusals.set(key, refusal);
  }
  res.setHeader('Retry-After', String(retryAfterSeconds));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('ETag', refusal.etag);
  sendEnvelope(req, res, 'RATE_LIMITED', refusal.body);
}

/** Keys-moved answers in a row after which a request is counted without the check (keys changing that fast). */
const KEY_RECHECKS = 3;

/**
 * Counts the request, before any of its route's work (access, validation, the cache, the handler): against
 * its key when the key is valid, else against the client address (so that keys cannot be guessed at speed).
 * Every counted response carries the `X-RateLimit-*` headers; a spent window is answered 429 here, with
 * `Retry-After`. Says whether the request may go on.
 *
 * A route with a tighter limit per client address (`addressLimit`, e.g. submissions: 5 an hour) is counted
 * against it too, whatever its key, in buckets of its own; its headers are that limit's, the one that binds.
 *
 * The count and the content versions are one call of the admission (scaled out, one Redis round trip): the
 * versions go to `ctx.versions` for the caches after. When the key was identified at a `keys` version that has
 * moved, nothing was counted: the key is identified again (`identifyAgain`) and the request counted then.
 */
export function requestCounting(deps: { admission: RequestAdmission; clock: Clock }, trustProxy: TrustProxy) {
  return async (
    ctx: RequestContext,
    addressLimit?: RateLimitPolicy,
    keysVersion: number | null = null,
    identifyAgain?: () => Promise<number | null>,
  ): Promise<boolean> => {
    const { req, res } = ctx;
    // Without X-Forwarded-For, proxy-addr answers the socket's address whatever it trusts.
    const forwarded = req.headers['x-forwarded-for'] !== undefined;
    const address = countedAddress(forwarded ? proxyAddr(req, trustProxy) : req.socket.remoteAddress);
    const now = deps.clock.now();
    for (let rechecks = 0; ; rechecks++) {
      const { verification } = ctx;
      const bucket = verification.outcome === 'ok' ? `key:${verification.key.id}` : `ip:${address}`;
      const counts: AdmissionCount[] = [{ bucket }];
      if (addressLimit) counts.push({ bucket: `submissions:ip:${address}`, policy: addressLimit });
      const check = identifyAgain && rechecks < KEY_RECHECKS ? keysVersion : null;
      const admission = await deps.admission.admit({ counts, now, keysVersion: check });
      ctx.versions = admission.versions;
      if (admission.outcome === 'keys-moved') {
        keysVersion = await identifyAgain!();
        continue;
      }
      const [decision, tighter] = admission.decisions;
      setLimitHeaders(res, decision!);
      if (!decision!.allowed) return refused(ctx, () => refuse(req, res, decision!));
      if (!addressLimit || !tighter) return true;
      setLimitHeaders(res, tighter);
      if (!tighter.allowed) return refused(ctx, () => refuse(req, res, tighter, windowName(addressLimit.windowMs)));
      return true;
    }
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
