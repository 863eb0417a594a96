import type { ApiKeyRecord, Permission, Scope } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  /** JSON array of permissions. */
  permissions: string;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  last_used_at: string | null;
}

export function toApiKeyRow(key: ApiKeyRecord): ApiKeysTable {
  return {
    id: key.id,
    name: key.name,
    key_hash: key.hash,
    scopes: JSON.stringify(key.scopes),
    permissions: JSON.stringify(key.permissions),
    expires_at: key.expiresAt,
    revoked_at: key.revokedAt,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt,
  };
}

export function fromApiKeyRow(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    hash: row.key_hash,
    scopes: JSON.parse(row.scopes) as Scope[],
    permissions: JSON.parse(row.permissions) as Permission[],
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
