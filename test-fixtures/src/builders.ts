import {
  generateApiKey,
  generateKeyId,
  hashApiKey,
  type ApiKeyRecord,
  type Edition,
  type NewAuditEntry,
} from '@islamic-data/core';

let sequence = 0;
const nextSequence = () => ++sequence;

/** A stored key record and the secret it was made from. */
export function aKey(overrides: Partial<ApiKeyRecord> = {}): { key: string; record: ApiKeyRecord } {
  const key = generateApiKey();
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, nextSequence())).toISOString();
  return {
    key,
    record: {
      id: generateKeyId(),
      name: `Test key ${sequence}`,
      hash: hashApiKey(key),
      scopes: ['*'],
      permissions: ['read'],
      expiresAt: null,
      revokedAt: null,
      createdAt,
      lastUsedAt: null,
      ...overrides,
    },
  };
}

/** An audit entry about a visibly synthetic record (a test key). */
export function anAuditEntry(overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  const n = nextSequence();
  return {
    at: new Date(Date.UTC(2026, 0, 2, 0, 0, n)).toISOString(),
    keyId: 'key_TEST00000000',
    keyName: 'Test key',
    action: 'test.write',
    target: { type: 'api-key', id: `key_TESTRECORD${n}` },
    before: null,
    after: { text: `Test record ${n}` },
    ...overrides,
  };
}

/** An edition with visibly synthetic metadata. */
export function anEdition(overrides: Partial<Edition> = {}): Edition {
  const n = nextSequence();
  return {
    resource: 'quran',
    collection: null,
    lang: 'en',
    name: `Test edition ${n}`,
    translator: `Test translator ${n}`,
    attribution: `Test attribution ${n}`,
    license: 'Test licence',
    sourceUrl: `https://example.org/test-edition-${n}`,
    publicDomain: false,
    ...overrides,
  };
}
