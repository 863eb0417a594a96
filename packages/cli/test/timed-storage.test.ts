import { createInMemoryStores, type ApiKeyRecord } from '@islamic-data/core';
import { expect } from 'chai';
import { timedStorage } from '../src/metrics.js';

const record: ApiKeyRecord = {
  id: 'synthetic-key',
  name: 'Synthetic key',
  hash: 'synthetic-hash',
  scopes: ['*'],
  permissions: ['read'],
  expiresAt: null,
  revokedAt: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  lastUsedAt: null,
};

describe('timedStorage: every store call and unit of work timed under METRICS_PORT', () => {
  let calls: [string, string, number][];
  let timed: ReturnType<typeof timedStorage>;

  beforeEach(() => {
    calls = [];
    timed = timedStorage(createInMemoryStores(), {
      recordStoreCall: (store, method, ms) => void calls.push([store, method, ms]),
    });
  });

  it('times a transaction and the calls inside it, which answer as the stores do', async () => {
    await timed.unitOfWork.run((stores) => stores.keys.insert(record));
    expect(await timed.stores.keys.findByHash(record.hash)).to.deep.equal(record);
    expect(await timed.stores.keys.findByHash('no-such-hash')).to.equal(undefined);
    expect(calls.map(([store, method]) => `${store}.${method}`)).to.deep.equal([
      'keys.insert',
      'transaction.run',
      'keys.findByHash',
      'keys.findByHash',
    ]);
    for (const [, , ms] of calls) expect(ms).to.be.a('number').and.at.least(0);
  });

  it('gives the caller the store’s own failure, and times the call that failed', async () => {
    const failure = new Error('synthetic failure inside a transaction');
    const run = timed.unitOfWork.run(async (stores) => {
      await stores.keys.insert(record);
      throw failure;
    });
    await run.then(
      () => expect.fail('the transaction should have failed'),
      (error: unknown) => expect(error).to.equal(failure),
    );
    // Rolled back: the key is not there.
    expect(await timed.stores.keys.findById(record.id)).to.equal(undefined);
    expect(calls.map(([store, method]) => `${store}.${method}`)).to.deep.equal([
      'keys.insert',
      'transaction.run',
      'keys.findById',
    ]);
  });
});
