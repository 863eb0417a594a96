import { randomBase62, type KeyRequestRecord, type Stores } from '@islamic-data/core';
import { expect } from 'chai';
import { aKey } from '../builders.js';

/** A pending request from a visibly synthetic requester. */
export function aKeyRequest(overrides: Partial<KeyRequestRecord> = {}): KeyRequestRecord {
  return {
    id: `kr_${randomBase62(22)}`,
    name: 'Test Requester',
    email: 'requester@example.test',
    project: 'A synthetic test project that reads prayer times.',
    website: null,
    scopes: ['prayer-times', 'qibla'],
    permissions: ['read'],
    note: null,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    decidedAt: null,
    reason: null,
    keyId: null,
    claimTokenHash: null,
    claimExpiresAt: null,
    sealedKey: null,
    claimedAt: null,
    ...overrides,
  };
}

/** The behaviour every KeyRequestStore must have; `makeStores` gives fresh, empty stores per test. */
export function keyRequestStoreConformance(
  name: string,
  makeStores: () => Promise<Pick<Stores, 'keyRequests' | 'keys'>>,
): void {
  describe(`KeyRequestStore conformance: ${name}`, () => {
    let stores: Pick<Stores, 'keyRequests' | 'keys'>;
    beforeEach(async () => {
      stores = await makeStores();
    });

    it('gives back an inserted request as it was stored, by id', async () => {
      const record = aKeyRequest({ website: 'https://example.test/app', note: 'سطر\nline', scopes: ['*'] });
      await stores.keyRequests.insert(record);
      expect(await stores.keyRequests.get(record.id)).to.deep.equal(record);
      expect(await stores.keyRequests.get('kr_nope')).to.equal(undefined);
    });

    it('refuses a second request with the same id', async () => {
      const record = aKeyRequest();
      await stores.keyRequests.insert(record);
      let failed = false;
      await stores.keyRequests.insert(aKeyRequest({ id: record.id })).catch(() => (failed = true));
      expect(failed).to.equal(true);
    });

    it('updates a request and finds it by its claim token hash', async () => {
      const { record: key } = aKey();
      await stores.keys.insert(key);
      const pending = aKeyRequest();
      await stores.keyRequests.insert(pending);
      const approved: KeyRequestRecord = {
        ...pending,
        status: 'approved',
        decidedAt: '2026-01-02T00:00:00.000Z',
        keyId: key.id,
        claimTokenHash: 'a'.repeat(64),
        claimExpiresAt: '2026-01-09T00:00:00.000Z',
        sealedKey: 'sealed',
      };
      await stores.keyRequests.update(approved);
      expect(await stores.keyRequests.get(pending.id)).to.deep.equal(approved);
      expect(await stores.keyRequests.findByClaimTokenHash('a'.repeat(64))).to.deep.equal(approved);
      expect(await stores.keyRequests.findByClaimTokenHash('b'.repeat(64))).to.equal(undefined);
    });

    it('lists oldest first, all or by status, and counts the pending ones of one e-mail', async () => {
      const newer = aKeyRequest({ createdAt: '2026-01-03T00:00:00.000Z' });
      const older = aKeyRequest({ createdAt: '2026-01-01T00:00:00.000Z' });
      const rejected = aKeyRequest({ createdAt: '2026-01-02T00:00:00.000Z', status: 'rejected', reason: 'No.' });
      const other = aKeyRequest({ createdAt: '2026-01-04T00:00:00.000Z', email: 'other@example.test' });
      for (const record of [newer, older, rejected, other]) await stores.keyRequests.insert(record);
      expect((await stores.keyRequests.list()).map(({ id }) => id)).to.deep.equal([
        older.id,
        rejected.id,
        newer.id,
        other.id,
      ]);
      expect((await stores.keyRequests.list('pending')).map(({ id }) => id)).to.deep.equal([
        older.id,
        newer.id,
        other.id,
      ]);
      expect((await stores.keyRequests.list('rejected')).map(({ id }) => id)).to.deep.equal([rejected.id]);
      expect(await stores.keyRequests.countPendingFor('requester@example.test')).to.equal(2);
      expect(await stores.keyRequests.countPendingFor('other@example.test')).to.equal(1);
      expect(await stores.keyRequests.countPendingFor('nobody@example.test')).to.equal(0);
    });
  });
}
