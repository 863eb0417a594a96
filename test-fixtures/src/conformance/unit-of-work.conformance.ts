import type { Stores, UnitOfWork } from '@islamic-data/core';
import { expect } from 'chai';
import { aKey, anAuditEntry } from '../builders.js';

/** A unit of work commits all of its writes, or none of them. */
export function unitOfWorkConformance(
  name: string,
  make: () => Promise<{ stores: Stores; unitOfWork: UnitOfWork }>,
): void {
  describe(`UnitOfWork conformance: ${name}`, () => {
    let stores: Stores;
    let unitOfWork: UnitOfWork;
    beforeEach(async () => {
      ({ stores, unitOfWork } = await make());
    });

    it('commits every write of a unit that succeeds and returns its result', async () => {
      const { record } = aKey();
      const result = await unitOfWork.run(async (tx) => {
        await tx.keys.insert(record);
        return (await tx.audit.append(anAuditEntry({ target: { type: 'api-key', id: record.id } }))).id;
      });
      expect(await stores.keys.findById(record.id)).to.deep.equal(record);
      expect(await stores.audit.get(result)).to.include({ resource: `keys/${record.id}` });
    });

    it('keeps none of the writes of a unit that fails, and passes the error on', async () => {
      const { record } = aKey();
      const failure = new Error('Test failure after writing');
      const caught = await unitOfWork
        .run(async (tx) => {
          await tx.keys.insert(record);
          await tx.audit.append(anAuditEntry());
          throw failure;
        })
        .catch((error: unknown) => error);
      expect(caught).to.equal(failure);
      expect(await stores.keys.findById(record.id)).to.equal(undefined);
      expect(await stores.audit.list()).to.deep.equal([]);
    });

    it('runs concurrent units one after the other, each seeing the other whole', async () => {
      const keys = [aKey().record, aKey().record];
      await Promise.all(keys.map((record) => unitOfWork.run((tx) => tx.keys.insert(record))));
      expect(await stores.keys.list()).to.have.length(2);
    });
  });
}
