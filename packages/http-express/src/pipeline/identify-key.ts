import { keyCacheByVersion, verifyApiKey, type Clock, type KeyLookup, type Stores } from '@islamic-data/core';
import { parse as parseQuery } from 'node:querystring';
import type { ContentVersions } from '@islamic-data/core';
import type { RequestContext } from './request-context.js';

/** Without a presented key nothing is looked up (verifyApiKey answers `missing` first). */
const noKeys: KeyLookup = {
  findByHash: async () => undefined,
  markUsed: async () => undefined,
};

/**
 * Identifies the caller by the X-API-Key header or, on a route that takes one there (`keyInQuery`) and only
 * when no header is sent, the `key` query parameter. A text that cannot be a key is refused by the core before
 * any lookup; keys are looked up through a cache that the `keys` content version keeps exact.
 */
export function keyIdentification(deps: { stores: Stores; clock: Clock; contentVersions: ContentVersions }) {
  const keys = keyCacheByVersion(deps.stores.keys);
  return async (ctx: RequestContext, keyInQuery: boolean): Promise<void> => {
    const header = ctx.req.headers['x-api-key'];
    // Read as the `simple` query parser reads it: a repeated `key` is an array, and no key.
    const queryKey = header === undefined && keyInQuery ? parseQuery(ctx.rawQuery).key : undefined;
    const presented =
      (Array.isArray(header) ? header[0] : header) ?? (typeof queryKey === 'string' ? queryKey : undefined);
    let lookup = noKeys;
    if (presented !== undefined) {
      // Read once per request, for the key cache here and the representation cache after.
      ctx.versions = await deps.contentVersions.current();
      lookup = keys.at(ctx.versions);
    }
    ctx.keySentIn = presented === undefined ? null : header === undefined ? 'query' : 'header';
    ctx.verification = await verifyApiKey({ keys: lookup, clock: deps.clock }, presented);
  };
}
