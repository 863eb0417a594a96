import { parseSearchQuery } from '@islamic-data/core';
import { aKey, aMosqueRecord, aSurah } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sql } from 'kysely';
import { openPostgresDatabase, postgresStores, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

const A_DAY = '2026-01-01T00:00:00.000Z';

describe('PostgreSQL search: repeated searches come from a cache that a write to what is searched empties', () => {
  startsPostgres();
  const fresh = freshDatabase();
  let server: PostgresDatabase;
  let other: PostgresDatabase;
  const keys = async (q: string) =>
    (
      await postgresStores(server.db).quran.searchAyahs({
        terms: parseSearchQuery(q),
        offset: 0,
        limit: 10,
        includeUnpublished: false,
      })
    )
      .map((hit) => `${hit.surah}:${hit.ayah}/${hit.locale}`)
      .sort();

  before(async () => {
    const database = await fresh();
    server = database;
    // Another instance: a pool of its own on the same database.
    other = openPostgresDatabase(database.url, { maxConnections: 2 });
    const { quran } = postgresStores(server.db);
    await quran.upsertSurahs([aSurah({ id: 1, ayahCount: 2 })]);
    await quran.putArabicTexts([
      { surah: 1, ayah: 1, text: 'Test ar 1:1' },
      { surah: 1, ayah: 2, text: 'Test ar 1:2' },
    ]);
  });
  after(() => other.close());

  it('sees a write of this instance, and a commit of another, at the next search', async () => {
    expect(await keys('alpha')).to.deep.equal([]);
    expect(await keys('alpha')).to.deep.equal([]);
    await postgresStores(server.db).quran.putTranslation(1, 1, { locale: 'en', text: 'Test alpha', updatedAt: A_DAY });
    expect(await keys('alpha')).to.deep.equal(['1:1/en']);
    await postgresStores(other.db).quran.putTranslation(1, 2, { locale: 'tr', text: 'Test alpha', updatedAt: A_DAY });
    expect(await keys('alpha')).to.deep.equal(['1:1/en', '1:2/tr']);
    await postgresStores(other.db).quran.deleteTranslation(1, 1, 'en');
    expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
  });

  it('keeps its pages through commits that change no content searched (a key, its last use, a mosque)', async () => {
    expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
    // The index emptied behind the versions' back (the triggers that raise them held off): a search that ranks
    // again finds nothing.
    await other.db.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      await sql`update quran_ayah_translations set search_vector = ''::tsvector`.execute(connection);
      await sql`set session_replication_role = origin`.execute(connection);
    });
    const stores = postgresStores(other.db);
    const { record } = aKey();
    await stores.keys.insert(record);
    await postgresStores(server.db).keys.markUsed(record.id, '2026-01-02T00:00:00.000Z');
    await stores.mosques.insert(aMosqueRecord());
    expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
    // A Quran write raises the Quran's version: the search ranks again, over the emptied index.
    await stores.quran.putTranslation(1, 1, { locale: 'ru', text: 'Test beta', updatedAt: A_DAY });
    expect(await keys('alpha')).to.deep.equal([]);
  });
});
