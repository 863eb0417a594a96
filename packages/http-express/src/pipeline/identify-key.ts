import {
  keyCacheByVersion,
  verifyApiKey,
  zeroVersions,
  type Clock,
  type KeyLookup,
  type KeyUsage,
  type RequestAdmission,
  type Stores,
} from '@islamic-data/core';
import { parse as parseQuery } from 'node:querystring';
import type { RequestContext } from './request-context.js';

/** Without a presented key nothing is looked up (verifyApiKey answers `missing` first). */
const noKeys: KeyLookup = { findByHash: async () => undefined };

/**
 * Identifies the caller by the X-API-Key header or, on a route that takes one there (`keyInQuery`) and only
 * when no header is sent, the `key` query parameter. A text that cannot be a key is refused by the core before
 * any lookup; keys are looked up through a cache that the `keys` content version keeps exact. A key's use is told
 * to `keyUsage`, which writes it later (never on the request's path).
 *
 * The lookup is made at the versions the request has learnt (none before the count step: then the newest the
 * admission has seen), and answers the `keys` version it used (null when it looked nothing up): the count step
 * learns the current versions in the same round trip as its count and identifies the key again, before counting
 * anything, when `keys` has moved since (a key just created, revoked or changed by any process).
 */
export function keyIdentification(deps: {
  stores: Stores;
  clock: Clock;
  admission?: RequestAdmission;
  keyUsage?: KeyUsage;
}) {
  const keys = keyCacheByVersion(deps.stores.keys);
  return async (ctx: RequestContext, keyInQuery: boolean): Promise<number | null> => {
    const header = ctx.req.headers['x-api-key'];
    // Read as the `simple` query parser reads it: a repeated `key` is an array, and no key.
    const queryKey = header === undefined && keyInQuery ? parseQuery(ctx.rawQuery).key : undefined;
    const presented =
      (Array.isArray(header) ? header[0] : header) ?? (typeof queryKey === 'string' ? queryKey : undefined);
    let lookup = noKeys;
    let keysVersion: number | null = null;
    if (presented !== undefined) {
      const versions = ctx.versions ?? deps.admission?.latest() ?? zeroVersions();
      keysVersion = versions.keys;
      lookup = keys.at(versions);
    }
    ctx.keySentIn = presented === undefined ? null : header === undefined ? 'query' : 'header';
    ctx.verification = await verifyApiKey({ keys: lookup, clock: deps.clock, usage: deps.keyUsage }, presented);
    return keysVersion;
  };
}
