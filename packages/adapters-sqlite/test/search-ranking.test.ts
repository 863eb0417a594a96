import { importHadithCollection, parseSearchQuery, systemClock, type HadithTextSearch } from '@islamic-data/core';
import { aHadithCollectionInfo, aHadithSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sql, type Kysely } from 'kysely';
import { sqliteUnitOfWork, type Database } from '../src/index.js';
import { searchHadithIndex } from '../src/search/sqlite-search.js';
import { freshDatabase } from './fresh-database.js';

/** A synthetic collection whose hadiths all have one English text (so one bm25 score for any of its words). */
function sameTextCollection(slug: string, position: number, count: number) {
  const source = aHadithSource(count, { slug, hadith: () => ({ translations: { en: 'Test shared saying' } }) });
  return { ...source, info: aHadithCollectionInfo({ slug, position }) };
}

/**
 * A search ranks the FTS5 matches first and joins only the best of them to their documents; these cases are
 * those where that first pass alone would give a wrong page (more matches than it keeps, all of one score).
 */
describe('SQLite search: a page ranked from the best matches is the page every match gives (real SQLite file)', () => {
  const fresh = freshDatabase();
  let db: Kysely<Database>;
  before(async () => {
    ({ db } = await fresh());
    const deps = { unitOfWork: sqliteUnitOfWork(db), clock: systemClock };
    // Imported first, so its texts have the lower rowids, though its collection comes second.
    await importHadithCollection(deps, sameTextCollection('test-later', 2, 300));
    await importHadithCollection(deps, sameTextCollection('test-first', 1, 3));
  });
  const hits = async (options: Partial<HadithTextSearch>) =>
    (
      await searchHadithIndex(db, {
        terms: parseSearchQuery('shared'),
        locale: 'en',
        offset: 0,
        limit: 1,
        includeUnpublished: false,
        ...options,
      })
    ).map((hit) => `${hit.collection}/${hit.number}`);

  it('breaks ties of the score by the collections’ order, among more matches than a first pass keeps', async () => {
    expect(await hits({ limit: 1 })).to.deep.equal(['test-first/1']);
    expect(await hits({ offset: 2, limit: 3 })).to.deep.equal(['test-first/3', 'test-later/1', 'test-later/2']);
    expect(await hits({ offset: 300, limit: 5 })).to.deep.equal(['test-later/298', 'test-later/299', 'test-later/300']);
  });

  it('finds the hits of a small collection among more matches of another than a first pass keeps', async () => {
    expect(await hits({ collection: 'test-first', limit: 5 })).to.deep.equal([
      'test-first/1',
      'test-first/2',
      'test-first/3',
    ]);
    expect(await hits({ collection: 'test-later', offset: 299, limit: 5 })).to.deep.equal(['test-later/300']);
  });

  it('leaves out unpublished hits, and finds published ones when all a first pass kept are unpublished', async () => {
    await sql`update hadiths set published = 0 where collection = 'test-later'`.execute(db);
    try {
      expect(await hits({ limit: 5 })).to.deep.equal(['test-first/1', 'test-first/2', 'test-first/3']);
      expect(await hits({ limit: 4, includeUnpublished: true })).to.deep.equal([
        'test-first/1',
        'test-first/2',
        'test-first/3',
        'test-later/1',
      ]);
    } finally {
      await sql`update hadiths set published = 1 where collection = 'test-later'`.execute(db);
    }
  });
});
