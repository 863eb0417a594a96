import type { Clock } from '../clock.js';
import type { ApiKeyRecord } from './api-key.js';
import { hashApiKey, isWellFormedApiKey } from './key-material.js';
import type { KeyLookup } from './cached-key-lookup.js';

/** Expected outcomes of presenting a key: not errors, just answers (errors are for failures). */
export type KeyVerification =
  | { outcome: 'ok'; key: ApiKeyRecord }
  | { outcome: 'missing' }
  | { outcome: 'invalid' }
  | { outcome: 'revoked'; key: ApiKeyRecord }
  | { outcome: 'expired'; key: ApiKeyRecord };

/** `lastUsedAt` is written at most this often per key, so that reads do not turn into writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function verifyApiKey(
  deps: { keys: KeyLookup; clock: Clock },
  presented: string | undefined,
): Promise<KeyVerification> {
  if (presented === undefined || presented.trim() === '') return { outcome: 'missing' };
  const text = presented.trim();
  if (!isWellFormedApiKey(text)) return { outcome: 'invalid' };
  const key = await deps.keys.findByHash(hashApiKey(text));
  if (!key) return { outcome: 'invalid' };
  const now = deps.clock.now();
  if (key.revokedAt !== null && Date.parse(key.revokedAt) <= now.getTime()) return { outcome: 'revoked', key };
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return { outcome: 'expired', key };
  if (key.lastUsedAt === null || now.getTime() - Date.parse(key.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    await deps.keys.markUsed(key.id, now.toISOString());
  }
  return { outcome: 'ok', key };
}
