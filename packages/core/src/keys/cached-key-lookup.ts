import type { ContentVersionVector } from '../content-versions/content-versions.js';
import type { ApiKeyRecord } from './api-key.js';
import type { KeyStore } from './key-store.js';

/** What verifying a presented key needs of the key store. */
export type KeyLookup = Pick<KeyStore, 'findByHash'>;

/** Key lookups as of the content versions a request read (once, for every cache it consults). */
export interface KeyCache {
  at(versions: ContentVersionVector): KeyLookup;
}

const MAX_CACHED_HASHES = 10_000;

/**
 * Keys by hash (unknown hashes too), kept until the `keys` content version moves: a key created, revoked or
 * changed by any process (the CLI included) is looked up afresh on the next request, while expiry and
 * revocation times are still compared with the clock on every request by `verifyApiKey`. A key's last use is
 * not written through here: `KeyUsageRecorder` notes it and writes it later, off the request path.
 */
export function keyCacheByVersion(keys: KeyLookup): KeyCache {
  const byHash = new Map<string, ApiKeyRecord | null>();
  let cachedVersion = -1;
  const findByHash = async (hash: string, version: number) => {
    if (version !== cachedVersion) {
      byHash.clear();
      cachedVersion = version;
    }
    const cached = byHash.get(hash);
    if (cached !== undefined) return cached ?? undefined;
    const found = await keys.findByHash(hash);
    if (cachedVersion === version) {
      if (byHash.size >= MAX_CACHED_HASHES) byHash.clear();
      byHash.set(hash, found ?? null);
    }
    return found;
  };
  // One lookup per version, not one per request.
  let lookup: KeyLookup & { version: number } = { version: -1, findByHash: (hash) => findByHash(hash, -1) };
  return {
    at({ keys: version }) {
      if (lookup.version !== version) lookup = { version, findByHash: (hash) => findByHash(hash, version) };
      return lookup;
    },
  };
}
