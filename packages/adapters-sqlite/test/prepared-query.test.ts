import { ManualClock, importQuran } from '@islamic-data/core';
import { preparedQuery, preparedWithList, sharedTables } from '@islamic-data/adapters-kysely';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sqliteQuranStore, sqliteUnitOfWork } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('Prepared queries over SQLite: built and compiled once, run with fresh arguments', () => {
  const fresh = freshDatabase();
  const languages = ['en', 'ru', 'tr'];

  async function imported() {
    const database = await fresh();
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock: new ManualClock('2026-04-01T00:00:00.000Z') };
    await importQuran(deps, aSyntheticQuranSource({ counts: [3, 40, 2], languages }));
    return database;
  }

  it('answers each call for its own arguments, values written in the query kept', async () => {
    const { db } = await imported();
    const trx = sharedTables(db);
    const ayahsAfter = preparedQuery(trx, (surah: number, after: number, limit: number) =>
      trx
        .selectFrom('quran_ayahs')
        .select(['surah', 'ayah'])
        .where('published', '=', 1)
        .where('surah', '=', surah)
        .where('ayah', '>', after)
        .orderBy('ayah')
        .limit(limit),
    );
    expect(await ayahsAfter(2, 10, 2)).to.deep.equal([
      { surah: 2, ayah: 11 },
      { surah: 2, ayah: 12 },
    ]);
    expect(await ayahsAfter(1, 0, 5)).to.deep.equal([1, 2, 3].map((ayah) => ({ surah: 1, ayah })));
    expect(await ayahsAfter(3, 2, 5)).to.deep.equal([]);
  });

  it('prepares a query with a list once per length of the list, and builds a long list each time', async () => {
    const { db } = await imported();
    const trx = sharedTables(db);
    const localesOf = preparedWithList(trx, ([surah, ayah]: [number, number], locales: string[] | undefined) => {
      let query = trx
        .selectFrom('quran_ayah_translations')
        .select('locale')
        .where('surah', '=', surah)
        .where('ayah', '=', ayah);
      if (locales !== undefined) query = query.where('locale', 'in', locales);
      return query.orderBy('locale');
    });
    const read = async (ayah: number, locales?: string[]) =>
      (await localesOf([2, ayah], locales)).map((row) => row.locale);
    expect(await read(1)).to.deep.equal(languages);
    expect(await read(2, ['tr'])).to.deep.equal(['tr']);
    expect(await read(3, ['ru'])).to.deep.equal(['ru']);
    expect(await read(4, ['tr', 'en'])).to.deep.equal(['en', 'tr']);
    const many = ['aa', 'bb', 'cc', 'dd', 'ee', 'ff', 'gg', 'hh', 'ru', 'en'];
    expect(await read(5, many)).to.deep.equal(['en', 'ru']);
    expect(await read(6, many.slice(0, 8))).to.deep.equal([]);
  });

  it('refuses an argument that the query does not bind as a value', async () => {
    const { db } = await imported();
    const trx = sharedTables(db);
    const unused = preparedQuery(trx, (_surah: number) => trx.selectFrom('quran_surahs').select('id'));
    let refused: unknown;
    await unused(1).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(Error);
    expect((refused as Error).message).to.match(/argument 0 is not a bound value/);
  });

  it("leaves the store's ayah reads as they were: the ayah asked for, with the languages asked for", async () => {
    const { db } = await imported();
    const store = sqliteQuranStore(db);
    for (const [surah, ayah, locales] of [
      [2, 7, undefined],
      [2, 8, ['ru']],
      [1, 3, []],
      [3, 2, ['tr', 'en']],
    ] as const) {
      const found = await store.getAyah(surah, ayah, { locales: locales && [...locales] });
      expect([found?.surah, found?.ayah]).to.deep.equal([surah, ayah]);
      expect(Object.keys(found!.translations)).to.deep.equal(locales ? [...locales].sort() : languages);
    }
    expect(await store.getAyah(2, 41)).to.equal(undefined);
    expect((await store.getSurah(3))?.id).to.equal(3);
  });
});
