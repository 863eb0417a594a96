import { importHadithCollection, ManualClock, type HadithImportSummary } from '@islamic-data/core';
import { readHadithJson } from '@islamic-data/sources';
import { HADITH_JSON_DIR, HADITH_JSON_README_COUNTS } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import path from 'node:path';
import { sqliteStores, sqliteUnitOfWork, type SqliteDatabase } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

/** Every row of every table the import touches, in a stable order. */
function dump(database: SqliteDatabase) {
  const rows = (table: string, order: string) =>
    database.sqlite.prepare(`select * from ${table} order by ${order}`).all();
  return {
    collections: rows('hadith_collections', 'slug'),
    books: rows('hadith_books', 'collection, number'),
    hadiths: rows('hadiths', 'collection, number'),
    translations: rows('hadith_translations', 'collection, number, locale'),
    editions: rows('editions', 'resource, collection, lang'),
    audit: rows('audit_log', 'id'),
  };
}

describe('SQLite: hadith import of the nine collections from shared/data', function () {
  this.timeout(120_000);
  const fresh = freshDatabase();
  let database: SqliteDatabase;
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const importAll = async (from = HADITH_JSON_DIR) => {
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock };
    const summaries: HadithImportSummary[] = [];
    for await (const source of readHadithJson(from)) summaries.push(await importHadithCollection(deps, source));
    return summaries;
  };
  let first: HadithImportSummary[];
  before(async () => {
    database = await fresh();
    first = await importAll();
  });

  it("stores each collection with the README's record count, all published", async () => {
    expect(first.map((summary) => [summary.collection, summary.added])).to.deep.equal(
      Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records]),
    );
    const collections = await sqliteStores(database.db).hadith.listCollections();
    expect(collections.map((collection) => [collection.slug, collection.total])).to.deep.equal(
      Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records]),
    );
    const stored = database.sqlite
      .prepare('select collection, count(*) as n from hadiths group by collection')
      .all() as { collection: string; n: number }[];
    for (const { collection, n } of stored)
      expect(n, collection).to.equal(HADITH_JSON_README_COUNTS[collection]!.records);
  });

  it('stores absent Arabic as null and absent English as no translation row', () => {
    const count = (sql: string) => (database.sqlite.prepare(sql).get() as { n: number }).n;
    expect(count("select count(*) as n from hadiths where collection = 'malik' and text_ar is null")).to.equal(
      HADITH_JSON_README_COUNTS.malik!.emptyArabic,
    );
    for (const [slug, counts] of Object.entries(HADITH_JSON_README_COUNTS)) {
      const english = count(
        `select count(*) as n from hadith_translations where collection = '${slug}' and locale = 'en'`,
      );
      expect(english, slug).to.equal(counts.records - counts.emptyEnglish);
      expect(
        count(`select count(*) as n from hadiths where collection = '${slug}' and narrator is null`),
        slug,
      ).to.equal(counts.emptyNarrator);
    }
  });

  it('records one import audit entry per collection, and an Arabic and an English edition each', () => {
    const entries = database.sqlite
      .prepare("select key_id, key_name, action, resource from audit_log where action = 'import' order by id")
      .all();
    expect(entries).to.deep.equal(
      Object.keys(HADITH_JSON_README_COUNTS).map((slug) => ({
        key_id: null,
        key_name: 'operator',
        action: 'import',
        resource: `hadith/${slug}`,
      })),
    );
    expect(
      (database.sqlite.prepare("select count(*) as n from editions where resource = 'hadith'").get() as { n: number })
        .n,
    ).to.equal(18);
  });

  it('changes nothing when the same data is imported again', async () => {
    const before = dump(database);
    clock.advance(60_000);
    const again = await importAll();
    expect(
      again.every((summary) => !summary.changed && summary.added + summary.updated + summary.removed === 0),
    ).to.equal(true);
    expect(dump(database)).to.deep.equal(before);
  });

  it(
    'changes nothing when the whole-book files of Malik ' + 'and the forties are imported after their chapter files',
    async () => {
      const before = dump(database);
      const again = await importAll(path.join(HADITH_JSON_DIR, 'db/by_book'));
      expect(again.map((summary) => [summary.collection, summary.unchanged, summary.changed])).to.deep.equal([
        ['malik', 1985, false],
        ['nawawi40', 42, false],
        ['qudsi40', 40, false],
      ]);
      expect(dump(database)).to.deep.equal(before);
    },
  );

  it('reads a page by an index range, never by scanning or sorting the collection', () => {
    const plan = (sql: string) =>
      (database.sqlite.prepare(`explain query plan ${sql}`).all() as { detail: string }[])
        .map((row) => row.detail)
        .join('; ');
    for (const where of ['', 'and h.published = 1']) {
      const detail = plan(
        `select * from hadiths h ` +
          `where h.collection = 'bukhari' and h.number > 7000 ${where} ` +
          `order by h.number limit 101`,
      );
      expect(detail).to.match(/SEARCH h USING .*INDEX .*\(collection=\? AND number>\?\)/);
      expect(detail).not.to.match(/SCAN|TEMP B-TREE/);
    }
    const translations = plan(
      "select * from hadith_translations where collection = 'bukhari' and number >= 7001 and number <= 7100",
    );
    expect(translations).to.match(/SEARCH hadith_translations USING INDEX/);
  });
});
