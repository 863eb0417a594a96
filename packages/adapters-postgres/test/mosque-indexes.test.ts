import { searchTerms, type MosqueSearch } from '@islamic-data/core';
import { aMosqueRecord, generateMosques } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { postgresMosqueStore, postgresUnitOfWork, type Database, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL mosques: the GiST point index and the GIN lexeme index', () => {
  startsPostgres();
  const fresh = freshDatabase();
  let database: PostgresDatabase;
  beforeEach(async () => {
    database = await fresh();
  });

  const counts = async () => {
    const { rows } = await sql<{ all: number; searchable: number }>`select count(*) as all,
      count(search_lexemes) as searchable from mosques`.execute(database.db);
    return [rows[0]!.all, rows[0]!.searchable];
  };

  it('gives lexemes to exactly the published mosques, and follows them through moderation', async () => {
    const store = postgresMosqueStore(database.db);
    const pending = aMosqueRecord({ status: 'pending' });
    const published = aMosqueRecord({ status: 'published' });
    await store.insertMany([pending, published, aMosqueRecord({ status: 'rejected' })]);
    expect(await counts()).to.deep.equal([3, 1]);
    await store.update({ ...pending, status: 'published' });
    expect(await counts()).to.deep.equal([3, 2]);
    await store.update({ ...published, status: 'unpublished' });
    await store.update({ ...pending, status: 'unpublished' });
    expect(await counts()).to.deep.equal([3, 0]);
  });

  it('writes the search columns in the transaction of the mosque row', async () => {
    await postgresUnitOfWork(database.db)
      .run(async (stores) => {
        await stores.mosques.insertMany(generateMosques({ count: 10 }));
        throw new Error('Test failure after writing');
      })
      .catch(() => undefined);
    expect(await counts()).to.deep.equal([0, 0]);
  });

  it('keeps Arabic words without their harakat, so either spelling finds it', async () => {
    const store = postgresMosqueStore(database.db);
    const record = aMosqueRecord({ status: 'published', nameAr: 'مَسْجِدُ الاِخْتِبَارِ' });
    await store.insert(record);
    const lexemes = async (word: string) =>
      (await sql`select slug from mosques where search_lexemes @@ ${`'${word}'`}::tsquery`.execute(database.db)).rows;
    expect(await lexemes('مسجد')).to.have.length(1);
    expect(await lexemes('مَسْجِدُ')).to.have.length(0);
    const hits = await store.searchPublished({ terms: searchTerms('مَسْجِدُ'), limit: 5 });
    expect(hits.map((hit) => hit.mosque.slug)).to.deep.equal([record.slug]);
  });

  it('drives near and q searches from their indexes over 20,000 mosques, never a scan of the table', async function () {
    this.timeout(60_000);
    await postgresMosqueStore(database.db).insertMany(generateMosques({ count: 20_000, seed: 3 }));
    await sql`analyze mosques`.execute(database.db);
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) =>
        void (event.level === 'query' && event.query.sql.startsWith('select') && queries.push(event.query)),
    });
    const store = postgresMosqueStore(logged);
    const planOf = async (search: MosqueSearch) => {
      queries.length = 0;
      await store.searchPublished(search);
      const { sql: text, parameters } = queries[0]!;
      const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, [...parameters]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const near = { lat: 51.5, lng: -0.12, radiusKm: 25 };
    for (const search of [{ near }, { near, country: 'GB' }] as Omit<MosqueSearch, 'limit'>[]) {
      expect(await planOf({ ...search, limit: 20 }), JSON.stringify(search))
        .to.contain('mosques_geo')
        .and.not.contain('Seq Scan');
    }
    // A rare word: the lexeme index finds it (a word every mosque has is read in slug order instead).
    const rare = await planOf({ terms: ['zzzq'], limit: 20 });
    expect(rare, rare).to.contain('mosques_search').and.not.contain('Seq Scan');
    const inCity = await planOf({ terms: ['zzzq'], city: 'london', limit: 20 });
    expect(inCity, inCity)
      .to.match(/mosques_search|mosques_status_city_slug/)
      .and.not.contain('Seq Scan');
    expect(await planOf({ limit: 20 }))
      .to.contain('mosques_status_slug')
      .and.not.contain('Seq Scan');
  });
});
