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

/** The outcomes that carry no key, made once: every request without a valid key gets one of these. */
const MISSING: KeyVerification = Object.freeze({ outcome: 'missing' });
const INVALID: KeyVerification = Object.freeze({ outcome: 'invalid' });

/**
 * Verifies a presented key. Its use is told to `usage` (a `KeyUsageRecorder`, which writes `lastUsedAt` later,
 * batched, in a transaction of its own): verifying never writes, so a read never waits for a busy database or
 * fails because it could not note its key's last use. Without `usage` the use is not recorded.
 */
export async function verifyApiKey(
  deps: { keys: KeyLookup; clock: Clock; usage?: KeyUsage },
  presented: string | undefined,
): Promise<KeyVerification> {
  const text = presented?.trim();
  if (text === undefined || text === '') return MISSING;
  if (!isWellFormedApiKey(text)) return INVALID;
  const key = await deps.keys.findByHash(hashApiKey(text));
  if (!key) return INVALID;
  const now = deps.clock.now();
  if (key.revokedAt !== null && Date.parse(key.revokedAt) <= now.getTime()) return { outcome: 'revoked', key };
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return { outcome: 'expired', key };
  deps.usage?.record(key, now);
  return { outcome: 'ok', key };
}
