import { importHadithCollection, ManualClock, type HadithImportSummary } from '@islamic-data/core';
import { hadithSourceLocations, readHadithSources } from '@islamic-data/sources';
import { HADITH_JSON_DIR, HADITH_JSON_README_COUNTS } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sql } from 'kysely';
import path from 'node:path';
import { postgresStores, postgresUnitOfWork, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

/** Every row of every table the import touches, in a stable order. */
async function dump(database: PostgresDatabase) {
  const tables = ['hadith_collections', 'hadith_books', 'hadiths', 'hadith_translations', 'hadith_number_keys'];
  const dumps: Record<string, string[]> = {};
  for (const table of [...tables, 'editions', 'audit_log']) {
    const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(
      database.db,
    );
    dumps[table] = rows.map(({ row }) => row).sort();
  }
  return dumps;
}

describe('PostgreSQL: hadith import of the nine collections from shared/data', function () {
  this.timeout(300_000);
  startsPostgres();
  const fresh = freshDatabase();
  let database: PostgresDatabase;
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const importAll = async () => {
    const deps = { unitOfWork: postgresUnitOfWork(database.db), clock };
    const summaries: HadithImportSummary[] = [];
    const locations = await hadithSourceLocations(path.dirname(HADITH_JSON_DIR));
    for await (const source of readHadithSources(locations)) summaries.push(await importHadithCollection(deps, source));
    return summaries;
  };
  let first: HadithImportSummary[];
  before(async () => {
    database = await fresh();
    first = await importAll();
  });

  it("stores each collection with the README's record count, all published, numbered and graded", async () => {
    const expected = Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records]);
    expect(first.map((summary) => [summary.collection, summary.added])).to.deep.equal(expected);
    const collections = await postgresStores(database.db).hadith.listCollections();
    expect(collections.map((collection) => [collection.slug, collection.total])).to.deep.equal(expected);
    const { rows } = await sql<{ collection: string; graded: number }>`select collection, count(*) as graded
      from hadiths where grade is not null group by collection order by collection`.execute(database.db);
    expect(Object.fromEntries(rows.map((row) => [row.collection, row.graded]))).to.deep.equal({
      abudawud: 4845,
      ibnmajah: 3626,
      nasai: 5397,
      tirmidhi: 3807,
    });
    const store = postgresStores(database.db).hadith;
    const sequence = await store.resolveNumber('muslim', '8a');
    expect((await store.getHadith('muslim', sequence!))?.number).to.equal('8a');
  });

  it('changes nothing when the same data is imported again', async () => {
    const before = await dump(database);
    clock.advance(60_000);
    const again = await importAll();
    expect(
      again.every((summary) => !summary.changed && summary.added + summary.updated + summary.removed === 0),
    ).to.equal(true);
    expect(await dump(database)).to.deep.equal(before);
  });
});
