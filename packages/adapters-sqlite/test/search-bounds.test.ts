import { importHadithCollection, importQuran, parseSearchQuery, systemClock } from '@islamic-data/core';
import { aHadithSource, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import type { Kysely, KyselyPlugin } from 'kysely';
import { sqliteUnitOfWork, type Database } from '../src/index.js';
import { searchHadithIndex, searchQuranIndex } from '../src/search/sqlite-search.js';
import { freshDatabase } from './fresh-database.js';

/** The database handle, counting every statement it runs. */
function counted(db: Kysely<Database>): { db: Kysely<Database>; statements: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), statements: () => statements };
}

/** Issue 26, point 4: the snippets of a page are made in one pass, not one query per hit. */
describe('SQLite search: one snippet pass per page (real SQLite file)', () => {
  const fresh = freshDatabase();
  let db: Kysely<Database>;
  before(async () => {
    ({ db } = await fresh());
    const deps = { unitOfWork: sqliteUnitOfWork(db), clock: systemClock };
    await importQuran(deps, aSyntheticQuranSource({ counts: [30, 30], languages: ['en', 'ru'] }));
    await importHadithCollection(deps, aHadithSource(40));
  });
  const page = (limit: number) => ({
    terms: parseSearchQuery('test'),
    offset: 0,
    limit,
    includeUnpublished: false,
  });

  it('runs at most 6 statements for 50 Quran hits (Arabic and translations), as for 1', async () => {
    const one = counted(db);
    const first = await searchQuranIndex(one.db, page(1));
    const fifty = counted(db);
    const hits = await searchQuranIndex(fifty.db, page(50));
    expect(first).to.have.length(1);
    expect(hits).to.have.length(50);
    expect(new Set(hits.map((hit) => hit.locale))).to.have.length.greaterThan(1);
    expect(hits.every((hit) => /\[\[test\]\]|test/i.test(hit.snippet) && hit.snippet.length > 0)).to.equal(true);
    expect(fifty.statements()).to.be.at.most(one.statements() + 1); // + the other FTS5 table's snippets
    expect(fifty.statements()).to.be.at.most(6);
  });

  it('runs at most 6 statements for 50 Hadith hits, as for 1', async () => {
    const one = counted(db);
    await searchHadithIndex(one.db, page(1));
    const fifty = counted(db);
    const hits = await searchHadithIndex(fifty.db, page(50));
    expect(hits).to.have.length(50);
    expect(fifty.statements()).to.be.at.most(one.statements() + 1); // + the other FTS5 table's snippets
    expect(fifty.statements()).to.be.at.most(6);
  });
});
