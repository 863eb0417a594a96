import {
  ManualClock,
  deleteHadithTranslation,
  importHadithCollection,
  importQuran,
  patchAyahMetadata,
  patchHadithMetadata,
  putAyahTranslation,
  putHadithTranslation,
  submitMosque,
  type Stores,
  type UnitOfWork,
} from '@islamic-data/core';
import { expect } from 'chai';
import { aHadithSource } from '../hadith/hadith-builders.js';
import { aMosqueSubmission } from '../mosques/builders.js';
import { aSyntheticQuranSource } from '../quran/builders.js';

const EDITOR = { keyId: 'key_test', keyName: 'Test editor' };

/** `unitOfWork` with an audit log that fails after the write it records has been made, in the same transaction. */
function withFailingAudit(unitOfWork: UnitOfWork): UnitOfWork {
  return {
    run: <T>(work: (stores: Stores) => Promise<T>) =>
      unitOfWork.run((stores) =>
        work({
          ...stores,
          audit: {
            ...stores.audit,
            append: async () => {
              throw new Error('Test audit failure');
            },
          },
        }),
      ),
  };
}

/**
 * Each audited content write, made with an audit log that fails: nothing of the write may remain. Registers
 * its hooks and tests in the caller's `describe`. `make` gives a migrated, empty database's unit of work and
 * `dump`, every table a content write can touch, whole and in a stable order.
 */
export function writeAtomicityConformance(
  make: () => Promise<{ unitOfWork: UnitOfWork; dump: () => Promise<unknown> }>,
): void {
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');
  let unitOfWork: UnitOfWork;
  let dump: () => Promise<unknown>;

  before(async () => {
    ({ unitOfWork, dump } = await make());
    const deps = { unitOfWork, clock };
    await importQuran(deps, aSyntheticQuranSource({ counts: [3, 5], languages: ['en'] }));
    await importHadithCollection(deps, aHadithSource(3, { slug: 'test-collection' }));
  });

  const cases: [string, (deps: { unitOfWork: UnitOfWork; clock: ManualClock }) => Promise<unknown>][] = [
    [
      'an ayah translation put',
      (deps) => putAyahTranslation(deps, { surah: 2, ayah: 1, locale: 'de', text: 'Test de' }, EDITOR),
    ],
    [
      'an ayah metadata patch',
      (deps) => patchAyahMetadata(deps, { surah: 2, ayah: 1, patch: { published: false, tags: ['test'] } }, EDITOR),
    ],
    [
      'a hadith translation put',
      (deps) =>
        putHadithTranslation(
          deps,
          { collection: 'test-collection', number: '1', locale: 'de', text: 'Test de' },
          EDITOR,
        ),
    ],
    [
      'a hadith translation delete',
      (deps) => deleteHadithTranslation(deps, { collection: 'test-collection', number: '2', locale: 'en' }, EDITOR),
    ],
    [
      'a hadith metadata patch',
      (deps) =>
        patchHadithMetadata(
          deps,
          { collection: 'test-collection', number: '3', patch: { grade: 'Test grade' } },
          EDITOR,
        ),
    ],
    ['a mosque submission', (deps) => submitMosque(deps, aMosqueSubmission(), EDITOR)],
  ];

  for (const [name, write] of cases) {
    it(`${name}: when the audit entry fails, nothing of the write remains`, async () => {
      const before = await dump();
      const error = await write({ unitOfWork: withFailingAudit(unitOfWork), clock }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message).to.equal('Test audit failure');
      expect(await dump()).to.deep.equal(before);
      // The same write with a working audit log does change the tables, so the comparison above can fail.
      await write({ unitOfWork, clock });
      expect(await dump()).not.to.deep.equal(before);
    });
  }
}
