import type { Clock } from '../clock.js';
import type { ApiKeyRecord } from './api-key.js';
import { hashApiKey, isWellFormedApiKey } from './key-material.js';
import type { KeyLookup } from './cached-key-lookup.js';
import type { KeyUsage } from './key-usage.js';

/** Expected outcomes of presenting a key: not errors, just answers (errors are for failures). */
export type KeyVerification =
  | { outcome: 'ok'; key: ApiKeyRecord }
  | { outcome: 'missing' }
  | { outcome: 'invalid' }
  | { outcome: 'revoked'; key: ApiKeyRecord }
  | { outcome: 'expired'; key: ApiKeyRecord };

/**
 * Verifies a presented key. Its use is told to `usage` (a `KeyUsageRecorder`, which writes `lastUsedAt` later,
 * batched, in a transaction of its own): verifying never writes, so a read never waits for a busy database or
 * fails because it could not note its key's last use. Without `usage` the use is not recorded.
 */
export async function verifyApiKey(
  deps: { keys: KeyLookup; clock: Clock; usage?: KeyUsage },
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
  deps.usage?.record(key, now);
  return { outcome: 'ok', key };
}
