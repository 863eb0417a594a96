import { parseSearchQuery } from '@islamic-data/core';
import { aKey, aMosqueRecord, aSurah } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, sqliteStores, type SqliteDatabase } from '../src/index.js';

describe('SQLite search: repeated searches are answered from a cache that a write to what is searched empties', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-search-cache-'));
  const file = path.join(dir, 'search.db');
  let server: SqliteDatabase;
  let other: SqliteDatabase;
  const keys = async (q: string) =>
    (
      await sqliteStores(server.db).quran.searchAyahs({
        terms: parseSearchQuery(q),
        offset: 0,
        limit: 10,
        includeUnpublished: false,
      })
    )
      .map((hit) => `${hit.surah}:${hit.ayah}/${hit.locale}`)
      .sort();

  before(async () => {
    server = openDatabase(file);
    await migrateToLatest(server.db);
    other = openDatabase(file);
    const { quran } = sqliteStores(server.db);
    await quran.upsertSurahs([aSurah({ id: 1, ayahCount: 2 })]);
    await quran.putArabicTexts([
      { surah: 1, ayah: 1, text: 'Test ar 1:1' },
      { surah: 1, ayah: 2, text: 'Test ar 1:2' },
    ]);
  });
  after(async () => {
    await Promise.all([server.close(), other.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('sees a write of this connection, and a commit of another process, at the next search', async () => {
    expect(await keys('alpha')).to.deep.equal([]);
    expect(await keys('alpha')).to.deep.equal([]);
    await sqliteStores(server.db).quran.putTranslation(1, 1, {
      locale: 'en',
      text: 'Test alpha',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await keys('alpha')).to.deep.equal(['1:1/en']);
    await sqliteStores(other.db).quran.putTranslation(1, 2, {
      locale: 'tr',
      text: 'Test alpha',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await keys('alpha')).to.deep.equal(['1:1/en', '1:2/tr']);
    await sqliteStores(other.db).quran.deleteTranslation(1, 1, 'en');
    expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
  });

  it('gives copies: changing a result changes nothing cached', async () => {
    const [hit] = await sqliteStores(server.db).quran.searchAyahs({
      terms: parseSearchQuery('alpha'),
      offset: 0,
      limit: 10,
      includeUnpublished: false,
    });
    hit!.snippet = 'changed';
    expect((await keys('alpha')).length).to.equal(1);
    const [again] = await sqliteStores(server.db).quran.searchAyahs({
      terms: parseSearchQuery('alpha'),
      offset: 0,
      limit: 10,
      includeUnpublished: false,
    });
    expect(again!.snippet).to.equal('Test <mark>alpha</mark>');
  });

  it('keeps its pages through commits that change no content searched (a key, its last use, a mosque)', async () => {
    expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
    // The index emptied behind the versions' back (no trigger raises them): a search that ranks again finds nothing.
    other.sqlite.exec('delete from quran_search_stemmed; delete from quran_search_folded');
    const stores = sqliteStores(other.db);
    const { record } = aKey();
    await stores.keys.insert(record);
    await sqliteStores(server.db).keys.markUsed(record.id, '2026-01-02T00:00:00.000Z');
    await stores.mosques.insert(aMosqueRecord());
    expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
    // A Quran write raises the Quran's version: the search ranks again, over the emptied index.
    await stores.quran.putTranslation(1, 1, { locale: 'ru', text: 'Test beta', updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(await keys('alpha')).to.deep.equal([]);
  });
});
