import type { KeyStore } from '@islamic-data/core';
import { expect } from 'chai';
import { aKey } from '../builders.js';

/** The behaviour every KeyStore must have; `makeStore` gives a fresh, empty one per test. */
export function keyStoreConformance(name: string, makeStore: () => Promise<KeyStore>): void {
  describe(`KeyStore conformance: ${name}`, () => {
    let store: KeyStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it('finds an inserted key by hash and by id, equal to what was stored', async () => {
      const { record } = aKey({
        scopes: ['quran', 'hadith'],
        permissions: ['read', 'write'],
        expiresAt: '2030-01-01T00:00:00.000Z',
      });
      await store.insert(record);
      expect(await store.findByHash(record.hash)).to.deep.equal(record);
      expect(await store.findById(record.id)).to.deep.equal(record);
    });

    it('finds nothing for an unknown hash or id', async () => {
      expect(await store.findByHash('0'.repeat(64))).to.equal(undefined);
      expect(await store.findById('key_nope')).to.equal(undefined);
    });

    it('refuses a second key with the same hash', async () => {
      const { record } = aKey();
      await store.insert(record);
      const duplicate = aKey({ hash: record.hash }).record;
      let failed = false;
      await store.insert(duplicate).catch(() => (failed = true));
      expect(failed).to.equal(true);
    });

    it('lists keys oldest first', async () => {
      const newer = aKey({ createdAt: '2026-02-01T00:00:00.000Z' }).record;
      const older = aKey({ createdAt: '2026-01-01T00:00:00.000Z' }).record;
      await store.insert(newer);
      await store.insert(older);
      expect((await store.list()).map((key) => key.id)).to.deep.equal([older.id, newer.id]);
    });

    it('revokes once: the first revocation time is kept', async () => {
      const { record } = aKey();
      await store.insert(record);
      expect(await store.markRevoked(record.id, '2026-03-01T00:00:00.000Z')).to.equal(true);
      await store.markRevoked(record.id, '2026-04-01T00:00:00.000Z');
      expect((await store.findById(record.id))?.revokedAt).to.equal('2026-03-01T00:00:00.000Z');
    });

    it('reports revoking an unknown key', async () => {
      expect(await store.markRevoked('key_nope', '2026-03-01T00:00:00.000Z')).to.equal(false);
    });

    it('records the last use', async () => {
      const { record } = aKey();
      await store.insert(record);
      await store.markUsed(record.id, '2026-05-01T00:00:00.000Z');
      expect((await store.findById(record.id))?.lastUsedAt).to.equal('2026-05-01T00:00:00.000Z');
    });
  });
}
