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
  type UnitOfWork,
} from '@islamic-data/core';
import { aHadithSource, aMosqueSubmission, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sqliteUnitOfWork, type SqliteDatabase } from '../src/index.js';
import { interceptAudit } from './audit-interception.js';
import { freshDatabase } from './fresh-database.js';

const EDITOR = { keyId: 'key_test', keyName: 'Test editor' };

/** A unit of work over SQLite whose audit log fails after the write it records has been made. */
const failingAudit = (database: SqliteDatabase) =>
  interceptAudit(database, async () => {
    throw new Error('Test audit failure');
  });

/** Every table a content write can touch, whole, for before/after comparisons. */
function dump(database: SqliteDatabase) {
  const all = (table: string) => database.sqlite.prepare(`select * from ${table}`).all();
  return ['quran_ayahs', 'quran_ayah_translations', 'hadiths', 'hadith_translations', 'mosques', 'audit_log'].map(all);
}

describe('SQLite: a write and its audit entry commit together or not at all', () => {
  const fresh = freshDatabase();
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');
  let database: SqliteDatabase;

  before(async () => {
    database = await fresh();
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock };
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
      const before = dump(database);
      const error = await write({ unitOfWork: failingAudit(database), clock }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message).to.equal('Test audit failure');
      expect(dump(database)).to.deep.equal(before);
      // The same write with a working audit log does change the tables, so the comparison above can fail.
      await write({ unitOfWork: sqliteUnitOfWork(database.db), clock });
      expect(dump(database)).not.to.deep.equal(before);
    });
  }
});
