/** Resource types a key can be scoped to (CONTRACT §2); `*` covers them all. */
export const RESOURCE_TYPES = ['prayer-times', 'qibla', 'hijri', 'mosques', 'quran', 'hadith'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
/** `mosque:{slug}`: one mosque's schedule and reads, nothing else (CONTRACT §20). */
export type MosqueScope = `mosque:${string}`;
export type Scope = ResourceType | '*' | MosqueScope;

const MOSQUE_SCOPE = /^mosque:[a-z0-9]+(-[a-z0-9]+)*$/;

/** The scope of one mosque's own key. */
export const mosqueScope = (slug: string): MosqueScope => `mosque:${slug}`;

/** Whether a scope is one mosque's own (`mosque:{slug}`). */
export const isMosqueScope = (scope: string): scope is MosqueScope => MOSQUE_SCOPE.test(scope);

export const PERMISSIONS = ['read', 'write', 'delete'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A key as stored: never the key itself, only the SHA-256 hex of it. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  hash: string;
  scopes: Scope[];
  permissions: Permission[];
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What may be shown of a key to anyone, the operator included. */
export type ApiKeySummary = Omit<ApiKeyRecord, 'hash'>;

export function summarizeKey({ hash: _hash, ...summary }: ApiKeyRecord): ApiKeySummary {
  return summary;
}

export function isScope(value: string): value is Scope {
  return value === '*' || (RESOURCE_TYPES as readonly string[]).includes(value) || isMosqueScope(value);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
