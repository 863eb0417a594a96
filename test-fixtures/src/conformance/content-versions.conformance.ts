import {
  CONTENT_AREAS,
  type ContentArea,
  type ContentVersions,
  type ContentVersionVector,
  type Stores,
  type UnitOfWork,
} from '@islamic-data/core';
import { expect } from 'chai';
import { aKey, anEdition } from '../builders.js';
import { aHadithCollectionInfo } from '../hadith/hadith-builders.js';
import { aMosqueRecord } from '../mosques/builders.js';
import { aSurah } from '../quran/builders.js';

export interface ContentVersionsSubject {
  stores: Stores;
  unitOfWork: UnitOfWork;
  contentVersions: ContentVersions;
  /** Stores over the same storage as another process sees it (another connection), where there can be one. */
  elsewhere?: () => Promise<{ stores: Stores; unitOfWork: UnitOfWork }>;
}

const raisedAreas = (before: ContentVersionVector, after: ContentVersionVector) =>
  CONTENT_AREAS.filter((area) => after[area] !== before[area]);

/**
 * Every committed change raises the version of its content area (and of no other), whoever commits it;
 * reads and lastUsedAt bookkeeping raise nothing; versions never go down.
 */
export function contentVersionsConformance(name: string, make: () => Promise<ContentVersionsSubject>): void {
  describe(`ContentVersions conformance: ${name}`, () => {
    let subject: ContentVersionsSubject;
    beforeEach(async () => {
      subject = await make();
    });

    const raisedBy = async (write: (stores: Stores) => Promise<unknown>): Promise<ContentArea[]> => {
      const before = await subject.contentVersions.current();
      await subject.unitOfWork.run(write);
      return raisedAreas(before, await subject.contentVersions.current());
    };

    it('has a whole-number version for every area', async () => {
      const versions = await subject.contentVersions.current();
      for (const area of CONTENT_AREAS) expect(Number.isInteger(versions[area]), area).to.equal(true);
    });

    it('raises the area of each committed write, and only that one', async () => {
      const { record } = aKey();
      expect(await raisedBy((stores) => stores.keys.insert(record))).to.deep.equal(['keys']);
      expect(await raisedBy((stores) => stores.keys.markRevoked(record.id, '2026-01-03T00:00:00.000Z'))).to.deep.equal([
        'keys',
      ]);
      expect(await raisedBy((stores) => stores.editions.upsert(anEdition()))).to.deep.equal(['editions']);
      expect(await raisedBy((stores) => stores.quran.upsertSurahs([aSurah({ id: 1 })]))).to.deep.equal(['quran']);
      expect(await raisedBy((stores) => stores.mosques.insert(aMosqueRecord()))).to.deep.equal(['mosques']);
      expect(
        await raisedBy((stores) => stores.hadithImports.saveCollectionInfo(aHadithCollectionInfo())),
      ).to.deep.equal(['hadith']);
    });

    it('raises nothing for reads, nor for the lastUsedAt bookkeeping of a key', async () => {
      const { record } = aKey();
      await subject.unitOfWork.run((stores) => stores.keys.insert(record));
      const before = await subject.contentVersions.current();
      await subject.stores.keys.findByHash(record.hash);
      await subject.stores.quran.listSurahs();
      await subject.stores.mosques.listByStatus('pending', 10);
      await subject.unitOfWork.run((stores) => stores.keys.markUsed(record.id, '2026-01-03T00:00:00.000Z'));
      expect(raisedAreas(before, await subject.contentVersions.current())).to.deep.equal([]);
    });

    it('never lowers a version, not even for a transaction that fails', async () => {
      const before = await subject.contentVersions.current();
      await subject.unitOfWork
        .run(async (stores) => {
          await stores.mosques.insert(aMosqueRecord());
          throw new Error('Test failure after writing');
        })
        .catch(() => undefined);
      const after = await subject.contentVersions.current();
      for (const area of CONTENT_AREAS) expect(after[area], area).to.be.at.least(before[area]);
    });

    it('sees a commit in a read asked after it, even with a read asked before it still unanswered', async () => {
      const before = await subject.contentVersions.current();
      const writer = subject.elsewhere ? await subject.elsewhere() : subject;
      const askedBefore = subject.contentVersions.current();
      await writer.unitOfWork.run((stores) => stores.mosques.insert(aMosqueRecord()));
      expect(raisedAreas(before, await subject.contentVersions.current())).to.deep.equal(['mosques']);
      for (const area of CONTENT_AREAS) expect((await askedBefore)[area], area).to.be.at.least(before[area]);
    });

    it('sees a write committed elsewhere (another process) on its next read', async function () {
      if (!subject.elsewhere) return this.skip();
      const before = await subject.contentVersions.current();
      const other = await subject.elsewhere();
      await other.unitOfWork.run((stores) => stores.mosques.insert(aMosqueRecord()));
      expect(raisedAreas(before, await subject.contentVersions.current())).to.deep.equal(['mosques']);
      const { record } = aKey();
      await other.unitOfWork.run((stores) => stores.keys.insert(record));
      expect(raisedAreas(before, await subject.contentVersions.current())).to.deep.equal(['keys', 'mosques']);
    });
  });
}
