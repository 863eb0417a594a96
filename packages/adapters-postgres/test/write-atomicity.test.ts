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
  type AuditLog,
  type Stores,
  type UnitOfWork,
} from '@islamic-data/core';
import { aHadithSource, aMosqueSubmission, aSyntheticQuranSource, sharedPostgres } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sql } from 'kysely';
import { openPostgresDatabase, postgresUnitOfWork, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

const EDITOR = { keyId: 'key_test', keyName: 'Test editor' };

/** A unit of work over PostgreSQL whose audit log fails after the write it records has been made. */
const failingAudit = (database: PostgresDatabase): UnitOfWork => ({
  run: <T>(work: (stores: Stores) => Promise<T>) =>
    postgresUnitOfWork(database.db).run((stores) => {
      const audit: AuditLog = {
        ...stores.audit,
        append: async () => {
          throw new Error('Test audit failure');
        },
      };
      return work({ ...stores, audit });
    }),
});

/** Every table a content write can touch, whole and in a stable order, for before/after comparisons. */
async function dump(database: PostgresDatabase) {
  const tables = ['quran_ayahs', 'quran_ayah_translations', 'hadiths', 'hadith_translations', 'mosques', 'audit_log'];
  const dumps = [];
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(
      database.db,
    );
    dumps.push(rows.map(({ row }) => row).sort());
  }
  return dumps;
}

describe('PostgreSQL: a write and its audit entry commit together or not at all', () => {
  startsPostgres();
  const fresh = freshDatabase();
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');
  let database: PostgresDatabase;

  before(async () => {
    database = await fresh();
    const deps = { unitOfWork: postgresUnitOfWork(database.db), clock };
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
      const before = await dump(database);
      const error = await write({ unitOfWork: failingAudit(database), clock }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message).to.equal('Test audit failure');
      expect(await dump(database)).to.deep.equal(before);
      // The same write with a working audit log does change the tables, so the comparison above can fail.
      await write({ unitOfWork: postgresUnitOfWork(database.db), clock });
      expect(await dump(database)).not.to.deep.equal(before);
    });
  }

  it('runs units of work of two pools (two server processes) on one database one after the other', async () => {
    const url = await (await sharedPostgres()).createDatabase();
    const [a, b] = [openPostgresDatabase(url), openPostgresDatabase(url)];
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = postgresUnitOfWork(a.db).run(async () => {
        order.push('first started');
        await held;
        order.push('first done');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = postgresUnitOfWork(b.db).run(async () => void order.push('second ran'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([first, second]);
      expect(order).to.deep.equal(['first started', 'first done', 'second ran']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
