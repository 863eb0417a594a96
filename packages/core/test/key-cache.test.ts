import { expect } from 'chai';
import { InMemoryKeyStore, keyCacheByVersion, zeroVersions, type ApiKeyRecord, type KeyLookup } from '../src/index.js';

const aRecord = (): ApiKeyRecord => ({
  id: 'key_TESTCACHE001',
  name: 'Test key',
  hash: 'a'.repeat(64),
  scopes: ['*'],
  permissions: ['read'],
  expiresAt: null,
  revokedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
});

describe('core: keys cached by the keys content version', () => {
  it('asks the store once per version of the keys, unknown hashes included', async () => {
    const store = new InMemoryKeyStore();
    await store.insert(aRecord());
    const asked: string[] = [];
    const counting: KeyLookup = {
      findByHash: (hash) => (asked.push(hash), store.findByHash(hash)),
    };
    const cache = keyCacheByVersion(counting);
    const v1 = { ...zeroVersions(), keys: 1 };
    for (let i = 0; i < 3; i++) {
      expect(await cache.at(v1).findByHash('a'.repeat(64))).to.include({ id: 'key_TESTCACHE001' });
      expect(await cache.at(v1).findByHash('b'.repeat(64))).to.equal(undefined);
    }
    expect(asked).to.have.length(2);
    await store.markRevoked('key_TESTCACHE001', '2026-01-02T00:00:00.000Z');
    const v2 = { ...v1, keys: 2 };
    expect(await cache.at(v2).findByHash('a'.repeat(64))).to.include({ revokedAt: '2026-01-02T00:00:00.000Z' });
    expect(asked).to.have.length(3);
  });
});
