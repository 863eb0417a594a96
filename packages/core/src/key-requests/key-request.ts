import type { ValidKeyRequest } from './key-request-input.js';

/**
 * A request for an API key (CONTRACT §18): who asks, what they build, what they need. Pending until the
 * operator approves it (a key is made and a one-time claim link issued) or rejects it (with a reason);
 * `claimed` once the requester has taken the key. `expired` is not stored: it is an approval whose claim
 * link was not used in time.
 */
export type KeyRequestStatus = 'pending' | 'approved' | 'rejected' | 'claimed' | 'expired';
export const KEY_REQUEST_STATUSES: readonly KeyRequestStatus[] = [
  'pending',
  'approved',
  'rejected',
  'claimed',
  'expired',
];

export interface KeyRequestRecord extends ValidKeyRequest {
  /** `kr_` and 22 base62 characters (about 131 bits): unguessable, so the status lookup is open. */
  id: string;
  status: Exclude<KeyRequestStatus, 'expired'>;
  createdAt: string;
  decidedAt: string | null;
  /** The operator's reason for a rejection. */
  reason: string | null;
  /** The key made on approval. */
  keyId: string | null;
  /** SHA-256 hex of the claim token: the token itself is only in the link. */
  claimTokenHash: string | null;
  claimExpiresAt: string | null;
  /**
   * The key between approval and claim, sealed (AES-256-GCM) under a key derived from the claim token: only
   * the link can open it; erased when claimed.
   */
  sealedKey: string | null;
  claimedAt: string | null;
}

/** What anyone holding the id may see (CONTRACT §18): no personal data. */
export interface KeyRequestStatusView {
  id: string;
  status: KeyRequestStatus;
  createdAt: string;
  decidedAt: string | null;
}

/** What the operator's queue shows: everything but the sealed key and the claim token's hash. */
export type KeyRequestSummary = Omit<KeyRequestRecord, 'status' | 'claimTokenHash' | 'sealedKey'> & {
  status: KeyRequestStatus;
};

/** The status as of `now`: an approval whose claim link ran out is `expired`. */
export function statusAt(record: KeyRequestRecord, now: Date): KeyRequestStatus {
  const ran = record.claimExpiresAt !== null && Date.parse(record.claimExpiresAt) <= now.getTime();
  if (record.status === 'approved' && ran) return 'expired';
  return record.status;
}

export function keyRequestStatusView(record: KeyRequestRecord, now: Date): KeyRequestStatusView {
  return { id: record.id, status: statusAt(record, now), createdAt: record.createdAt, decidedAt: record.decidedAt };
}

export function summarizeKeyRequest(record: KeyRequestRecord, now: Date): KeyRequestSummary {
  const { claimTokenHash: _hash, sealedKey: _sealed, ...rest } = record;
  return { ...rest, status: statusAt(record, now) };
}

/** What an audit entry keeps of a request: never the e-mail, the token's hash or the sealed key. */
export function keyRequestSnapshot(record: KeyRequestRecord): Record<string, unknown> {
  const { email: _email, claimTokenHash: _hash, sealedKey: _sealed, ...rest } = record;
  return rest;
}
