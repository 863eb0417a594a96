import { searchTerms, type MosqueSearch } from '@islamic-data/core';
import { aMosqueRecord, generateMosques } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteMosqueStore, sqliteUnitOfWork, type Database, type SqliteDatabase } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite mosques: the R*Tree and FTS5 indexes', () => {
  const fresh = freshDatabase();
  let database: SqliteDatabase;
  beforeEach(async () => {
    database = await fresh();
  });

  const count = (table: string) =>
    (database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const plan = (query: string, ...params: unknown[]) =>
    (database.sqlite.prepare(`explain query plan ${query}`).all(...params) as { detail: string }[])
      .map((row) => row.detail)
      .join('\n');

  it('holds exactly the published mosques, and follows them through moderation', async () => {
    const store = sqliteMosqueStore(database.db);
    const pending = aMosqueRecord({ status: 'pending' });
    const published = aMosqueRecord({ status: 'published' });
    await store.insertMany([pending, published, aMosqueRecord({ status: 'rejected' })]);
    expect([count('mosques'), count('mosques_geo'), count('mosques_fts')]).to.deep.equal([3, 1, 1]);
    await store.update({ ...pending, status: 'published' });
    expect([count('mosques_geo'), count('mosques_fts')]).to.deep.equal([2, 2]);
    await store.update({ ...published, status: 'unpublished' });
    await store.update({ ...pending, status: 'unpublished' });
    expect([count('mosques_geo'), count('mosques_fts')]).to.deep.equal([0, 0]);
  });

  it('writes the index rows in the transaction of the mosque row', async () => {
    const unitOfWork = sqliteUnitOfWork(database.db);
    await unitOfWork
      .run(async (stores) => {
        await stores.mosques.insertMany(generateMosques({ count: 10 }));
        throw new Error('Test failure after writing');
      })
      .catch(() => undefined);
    expect([count('mosques'), count('mosques_geo'), count('mosques_fts')]).to.deep.equal([0, 0, 0]);
  });

  it('indexes Arabic text without its harakat, so either spelling finds it', async () => {
    const store = sqliteMosqueStore(database.db);
    const record = aMosqueRecord({ status: 'published', nameAr: 'مَسْجِدُ الاِخْتِبَارِ' });
    await store.insert(record);
    const raw = database.sqlite.prepare(`select rowid from mosques_fts where mosques_fts match ?`);
    expect(raw.all('"مسجد"')).to.have.length(1);
    expect(raw.all('"مَسْجِدُ"')).to.have.length(0);
    const hits = await store.searchPublished({ terms: searchTerms('مَسْجِدُ'), limit: 5 });
    expect(hits.map((hit) => hit.mosque.slug)).to.deep.equal([record.slug]);
  });

  it('drives every search of the store from an index, never from a scan of the mosques', async () => {
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: database.sqlite }),
      log: (event) =>
        void (event.level === 'query' && event.query.sql.startsWith('select') && queries.push(event.query)),
    });
    const store = sqliteMosqueStore(logged);
    const planOf = async (search: MosqueSearch) => {
      queries.length = 0;
      await store.searchPublished(search);
      return plan(queries[0]!.sql, ...queries[0]!.parameters);
    };
    const near = { lat: 51.5, lng: -0.12, radiusKm: 25 };
    for (const search of [{ near }, { near, country: 'GB' }, { near, city: 'london', terms: ['test'] }] as Omit<
      MosqueSearch,
      'limit'
    >[]) {
      expect(await planOf({ ...search, limit: 20 }), JSON.stringify(search)).to.match(
        /^SCAN g VIRTUAL TABLE INDEX \d+:\S+\nSEARCH m USING INTEGER PRIMARY KEY/,
      );
    }
    for (const search of [{ terms: ['test'] }, { terms: ['test'], country: 'GB' }] as Omit<MosqueSearch, 'limit'>[]) {
      expect(await planOf({ ...search, limit: 20 }), JSON.stringify(search)).to.match(
        /^SCAN mosques_fts VIRTUAL TABLE INDEX 0:M\d+\nSEARCH m USING INTEGER PRIMARY KEY/,
      );
    }
    expect(await planOf({ limit: 20 }))
      .to.match(/^SEARCH m USING (COVERING )?INDEX mosques_status_slug \(status=\?\)$/m)
      .and.not.contain('TEMP B-TREE');
    expect(await planOf({ country: 'GB', limit: 20 }))
      .to.contain('INDEX mosques_status_country_slug')
      .and.not.contain('TEMP B-TREE');
    expect(await planOf({ city: 'london', limit: 20 }))
      .to.contain('INDEX mosques_status_city_slug')
      .and.not.contain('TEMP B-TREE');
  });
});
