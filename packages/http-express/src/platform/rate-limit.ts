import { keyCacheByVersion, verifyApiKey, type KeyLookup, type RateLimitDecision } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { AppDependencies } from '../dependencies.js';
import type { RequestLocals } from './app-response.js';
import { envelopeBytes, sendEnvelope } from './error-statuses.js';
import { Representation } from './representation.js';
import { routedPathKey } from './route.js';

/** Without a presented key nothing is looked up (verifyApiKey answers `missing` first). */
const noKeys: KeyLookup = {
  findByHash: async () => undefined,
  markUsed: async () => undefined,
};

/** The 429 envelope for each limit and wait (at most 60 of them): made once, then sent as bytes. */
const refusals = new Map<string, Representation>();

/** Answers 429 with the envelope and `Retry-After`. */
export function refuse(req: IncomingMessage, res: ServerResponse, decision: RateLimitDecision): void {
  const { limit, retryAfterSeconds } = decision;
  const key = `${limit}:${retryAfterSeconds}`;
  let refusal = refusals.get(key);
  if (!refusal) {
    const message = `Rate limit of ${limit} requests per minute exceeded; retry after ${retryAfterSeconds} seconds.`;
    refusal = new Representation(envelopeBytes('RATE_LIMITED', message), {});
    refusals.set(key, refusal);
  }
  res.setHeader('Retry-After', String(retryAfterSeconds));
  res.setHeader('ETag', refusal.etagFor('identity'));
  sendEnvelope(req, res, 'RATE_LIMITED', refusal.body);
}

/** The `X-RateLimit-*` headers every counted response carries. */
export function announceLimit(res: ServerResponse, decision: RateLimitDecision): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
}

/** Where a request is counted from: its path (for the key-in-query routes) and its client address. */
export interface CountedRequest {
  req: IncomingMessage;
  path: string;
  query: string | null;
  clientAddress(): string | undefined;
}

/**
 * Identifies the caller by the X-API-Key header (or, on the `keyInQueryPaths` alone, the `key` query
 * parameter when no header is sent) and counts the request: against its key when the key is valid, else
 * against the client address (so that keys cannot be guessed at speed). Leaves the verification and the
 * content versions it read in `locals`. Keys are looked up through a cache that the `keys` content version
 * keeps exact.
 */
export function identifyAndCount(
  deps: Pick<AppDependencies, 'stores' | 'clock' | 'rateLimiter' | 'contentVersions'>,
  keyInQueryPaths: readonly string[] = [],
) {
  const queryKeyPaths = new Set(keyInQueryPaths.map(routedPathKey));
  const keys = keyCacheByVersion(deps.stores.keys);
  return async ({ req, path, query, clientAddress }: CountedRequest, locals: RequestLocals) => {
    const header = req.headers['x-api-key'];
    // Read as Express's `simple` query parser reads it: a repeated `key` is an array, and no key.
    const queryKey =
      header === undefined && queryKeyPaths.size > 0 && queryKeyPaths.has(routedPathKey(path))
        ? parseQuery(query ?? '').key
        : undefined;
    const presented =
      (Array.isArray(header) ? header[0] : header) ?? (typeof queryKey === 'string' ? queryKey : undefined);
    let lookup = noKeys;
    if (presented !== undefined) {
      // Read once per request, for the key cache here and the representation cache after.
      const versions = await deps.contentVersions.current();
      locals.contentVersions = versions;
      lookup = keys.at(versions);
    }
    const verification = await verifyApiKey({ keys: lookup, clock: deps.clock }, presented);
    locals.verification = verification;
    const bucket = verification.outcome === 'ok' ? `key:${verification.key.id}` : `ip:${clientAddress() ?? 'unknown'}`;
    return deps.rateLimiter.consume(bucket, deps.clock.now());
  };
}
