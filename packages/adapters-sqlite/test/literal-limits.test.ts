import { preparedQuery, sharedTables } from '@islamic-data/adapters-kysely';
import { importQuran, ManualClock } from '@islamic-data/core';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sqliteUnitOfWork } from '../src/index.js';
import { LARGEST_LITERAL_LIMIT } from '../src/literal-limits.js';
import { freshDatabase } from './fresh-database.js';

describe('LIMITs written as literals on SQLite (a bound LIMIT made SQLite plan the statement at every run)', () => {
  const fresh = freshDatabase();

  async function imported() {
    const database = await fresh();
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock: new ManualClock('2026-04-01T00:00:00.000Z') };
    await importQuran(deps, aSyntheticQuranSource({ counts: [3, 40, 2], languages: ['en'] }));
    return sharedTables(database.db);
  }

  const ayahsOf = (trx: Awaited<ReturnType<typeof imported>>, surah: number) =>
    trx.selectFrom('quran_ayahs').select('ayah').where('surah', '=', surah).orderBy('ayah');

  it('writes a page-sized LIMIT into the SQL, the other parameters bound in order, and answers by it', async () => {
    const trx = await imported();
    const query = ayahsOf(trx, 2).where('ayah', '>', 10).limit(3);
    const { sql, parameters } = query.compile();
    expect(sql).to.match(/ limit 3$/);
    expect(parameters).to.deep.equal([2, 10]);
    expect(await query.execute()).to.deep.equal([{ ayah: 11 }, { ayah: 12 }, { ayah: 13 }]);
    expect(await ayahsOf(trx, 2).limit(0).execute()).to.deep.equal([]);
    expect(ayahsOf(trx, 2).limit(LARGEST_LITERAL_LIMIT).compile().sql).to.match(/ limit 256$/);
  });

  it('binds a LIMIT that is large, negative or not a whole number, and an OFFSET, as Kysely does', async () => {
    const trx = await imported();
    for (const limit of [LARGEST_LITERAL_LIMIT + 1, -1, 2.5]) {
      const { sql, parameters } = ayahsOf(trx, 1).limit(limit).compile();
      expect(sql, String(limit)).to.match(/ limit \?$/);
      expect(parameters).to.deep.equal([1, limit]);
    }
    const paged = ayahsOf(trx, 2).limit(2).offset(5);
    expect(paged.compile().sql).to.match(/ limit 2 offset \?$/);
    expect(await paged.execute()).to.deep.equal([{ ayah: 6 }, { ayah: 7 }]);
    expect(
      await ayahsOf(trx, 2)
        .limit(LARGEST_LITERAL_LIMIT + 1)
        .execute(),
    ).to.have.length(40);
  });

  it("keeps a prepared query's LIMIT bound: each call answers by its own", async () => {
    const trx = await imported();
    const firstAyahs = preparedQuery(trx, (surah: number, limit: number) => ayahsOf(trx, surah).limit(limit));
    expect(await firstAyahs(2, 2)).to.deep.equal([{ ayah: 1 }, { ayah: 2 }]);
    expect(await firstAyahs(2, 4)).to.have.length(4);
    expect(await firstAyahs(1, 10)).to.have.length(3);
  });
});
