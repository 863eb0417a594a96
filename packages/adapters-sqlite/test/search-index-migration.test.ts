import { parseSearchQuery } from '@islamic-data/core';
import { expect } from 'chai';
import { Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, sqliteStores, type SqliteDatabase } from '../src/index.js';
import { migrationProvider } from '../src/migrations/index.js';

describe('SQLite: the search-index migration indexes what the database already holds', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-search-index-'));
  let database: SqliteDatabase;
  const search = { offset: 0, limit: 10, includeUnpublished: false };

  before(async () => {
    database = openDatabase(path.join(dir, 'before-search.db'));
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      '2026-11-23-031-hadith-numbers',
    );
    if (error) throw error;
    const run = (sql: string, ...values: unknown[]) => database.sqlite.prepare(sql).run(...values);
    run(
      'insert into quran_surahs (id, name_ar, name_en, transliteration, revelation_type, ayah_count) ' +
        "values (1, 'Test', 'Test', 'Test', 'meccan', 1)",
    );
    run("insert into quran_ayahs (surah, ayah, text_ar) values (1, 1, 'تَجْرِبَةٌ أُولَىٰ')");
    run(
      'insert into quran_ayah_translations (surah, ayah, locale, text, updated_at) ' +
        "values (1, 1, 'en', 'Test alphas', '2026-01-01T00:00:00.000Z')",
    );
    run("insert into hadith_collections (slug, name, name_ar, position) values ('test-collection', 'Test', 'Test', 1)");
    run(
      'insert into hadiths (collection, sequence, number, text_ar) ' +
        "values ('test-collection', 1, '1a', 'حَدِيثُ ٱلتَّجْرِبَةِ')",
    );
    expect((await migrateToLatest(database.db)).applied).to.include('2026-11-23-070-search-index');
  });
  after(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the Arabic (folded) and the translations stored before it, by stem in English', async () => {
    const { quran, hadith } = sqliteStores(database.db);
    expect(await quran.searchAyahs({ ...search, terms: parseSearchQuery('اولي') })).to.deep.equal([
      { surah: 1, ayah: 1, locale: 'ar', snippet: 'تَجْرِبَةٌ <mark>أُولَىٰ</mark>' },
    ]);
    expect((await quran.searchAyahs({ ...search, terms: parseSearchQuery('alpha') }))[0]).to.include({ locale: 'en' });
    expect(await hadith.searchHadiths({ ...search, terms: parseSearchQuery('التجربه') })).to.deep.equal([
      {
        collection: 'test-collection',
        number: '1a',
        sequence: 1,
        locale: 'ar',
        snippet: 'حَدِيثُ <mark>ٱلتَّجْرِبَةِ</mark>',
      },
    ]);
  });

  it('keeps the index through a write after the migration, and can be undone', async () => {
    database.sqlite
      .prepare("update quran_ayah_translations set text = 'Test omegas' where surah = 1 and ayah = 1 and locale = 'en'")
      .run();
    const { quran } = sqliteStores(database.db);
    expect(await quran.searchAyahs({ ...search, terms: parseSearchQuery('alpha') })).to.deep.equal([]);
    expect(await quran.searchAyahs({ ...search, terms: parseSearchQuery('omega') })).to.have.length(1);
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      '2026-11-23-031-hadith-numbers',
    );
    expect(error).to.equal(undefined);
    database.sqlite.prepare("update quran_ayahs set text_ar = 'Test' where surah = 1 and ayah = 1").run();
  });
});
