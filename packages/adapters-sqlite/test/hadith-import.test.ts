import { importHadithCollection, ManualClock, type HadithImportSummary } from '@islamic-data/core';
import { hadithSourceLocations, readHadithSources } from '@islamic-data/sources';
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
    hadiths: rows('hadiths', 'collection, sequence'),
    translations: rows('hadith_translations', 'collection, sequence, locale'),
    numberKeys: rows('hadith_number_keys', 'collection, key'),
    editions: rows('editions', 'resource, collection, lang'),
    audit: rows('audit_log', 'id'),
  };
}

describe('SQLite: hadith import of the nine collections from shared/data', function () {
  this.timeout(120_000);
  const fresh = freshDatabase();
  let database: SqliteDatabase;
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  // The base holding hadith-json/ and hadith-refs/, as shared/data does.
  const importAll = async (from = path.dirname(HADITH_JSON_DIR), refs?: string) => {
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock };
    const summaries: HadithImportSummary[] = [];
    const locations = await hadithSourceLocations(from, refs);
    for await (const source of readHadithSources(locations)) summaries.push(await importHadithCollection(deps, source));
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

  it('reports the join and numbering per collection: graded, numbers covered and made unique, disagreements', () => {
    const table = Object.fromEntries(
      first.map((summary) => [
        summary.collection,
        [
          summary.numbering,
          summary.numbersCovered,
          summary.graded,
          summary.numbersMadeUnique,
          summary.report?.disagreements,
          summary.report && summary.report.unparsableReferences + summary.report.unparsableGrades,
          summary.report?.notGrades,
        ],
      ]),
    );
    // Measured over shared/data (README §4): grades as sunnah.com shows them; the notGrades are the scrape's copies of
    // the English text; Tirmidhi repeats 57 numbers, Ibn Majah 8, an-Nasa'i 3 and gives none for 2.
    expect(table).to.deep.equal({
      bukhari: ['sunnah.com', 7563, 0, 0, 0, 0, 0],
      muslim: ['sunnah.com', 3031, 0, 0, 0, 0, 0],
      abudawud: ['sunnah.com', 5274, 4845, 0, 1, 6, 32],
      tirmidhi: ['sunnah.com', 3951, 3807, 57, 4, 2, 73],
      nasai: ['sunnah.com', 5756, 5397, 5, 0, 0, 271],
      ibnmajah: ['sunnah.com', 4335, 3626, 8, 1, 0, 151],
      malik: ['sequence', 1985, 0, 0, 0, 0, 0],
      nawawi40: ['sunnah.com', 42, 0, 0, 0, 0, 0],
      qudsi40: ['sunnah.com', 40, 0, 0, 0, 0, 0],
    });
    const graded = database.sqlite
      .prepare('select collection, count(*) as n from hadiths where grade is not null group by collection')
      .all() as { collection: string; n: number }[];
    expect(Object.fromEntries(graded.map((row) => [row.collection, row.n]))).to.deep.equal({
      abudawud: 4845,
      tirmidhi: 3807,
      nasai: 5397,
      ibnmajah: 3626,
    });
    // A grade is the grade's words then its grader: never a sentence of the English text.
    const grades = database.sqlite.prepare('select distinct grade from hadiths where grade is not null').all() as {
      grade: string;
    }[];
    for (const { grade } of grades)
      expect(grade).to.match(/^[A-Za-z'’`, ]+( \([A-Za-z]+\))? \((Al-Albani|Darussalam)\)$/);
    expect(grades.length).to.be.below(40);
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
    'changes nothing when the whole-book files of Malik and the forties are imported after their chapter ' + 'files',
    async () => {
      const before = dump(database);
      const again = await importAll(
        path.join(HADITH_JSON_DIR, 'db/by_book'),
        path.join(path.dirname(HADITH_JSON_DIR), 'hadith-refs'),
      );
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
        `select * from hadiths h where h.collection = 'bukhari' and h.sequence > 7000 ${where} order by ` +
          `h.sequence limit 101`,
      );
      expect(detail).to.match(/SEARCH h USING .*INDEX .*\(collection=\? AND sequence>\?\)/);
      expect(detail).not.to.match(/SCAN|TEMP B-TREE/);
    }
    const translations = plan(
      "select * from hadith_translations where collection = 'bukhari' and sequence >= 7001 and sequence <= 7100",
    );
    expect(translations).to.match(/SEARCH hadith_translations USING INDEX/);
  });
});
