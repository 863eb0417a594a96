import type { KeyRequestRecord, Permission, Scope } from '@islamic-data/core';
import type { Selectable } from 'kysely';

/** One request for a key (CONTRACT §18). The claim token is kept only as its SHA-256. */
export interface KeyRequestsTable {
  id: string;
  name: string;
  email: string;
  project: string;
  website: string | null;
  /** JSON array of scopes. */
  scopes: string;
  /** JSON array of permissions. */
  permissions: string;
  note: string | null;
  status: string;
  created_at: string;
  decided_at: string | null;
  reason: string | null;
  key_id: string | null;
  claim_token_hash: string | null;
  claim_expires_at: string | null;
  sealed_key: string | null;
  claimed_at: string | null;
}

export function toKeyRequestRow(record: KeyRequestRecord): KeyRequestsTable {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    project: record.project,
    website: record.website,
    scopes: JSON.stringify(record.scopes),
    permissions: JSON.stringify(record.permissions),
    note: record.note,
    status: record.status,
    created_at: record.createdAt,
    decided_at: record.decidedAt,
    reason: record.reason,
    key_id: record.keyId,
    claim_token_hash: record.claimTokenHash,
    claim_expires_at: record.claimExpiresAt,
    sealed_key: record.sealedKey,
    claimed_at: record.claimedAt,
  };
}

export function fromKeyRequestRow(row: Selectable<KeyRequestsTable>): KeyRequestRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    project: row.project,
    website: row.website,
    scopes: JSON.parse(row.scopes) as Scope[],
    permissions: JSON.parse(row.permissions) as Permission[],
    note: row.note,
    status: row.status as KeyRequestRecord['status'],
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    reason: row.reason,
    keyId: row.key_id,
    claimTokenHash: row.claim_token_hash,
    claimExpiresAt: row.claim_expires_at,
    sealedKey: row.sealed_key,
    claimedAt: row.claimed_at,
  };
}
