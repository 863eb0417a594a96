import { parseSearchQuery, type HadithTextSearch } from '@islamic-data/core';
import { expect } from 'chai';
import { aHadithBook, aHadithCollectionInfo, anImportedHadith } from './hadith-builders.js';
import type { HadithStores } from './hadith-seed.js';

const AT = '2026-01-03T00:00:00.000Z';

/** A store over a database, and a way to (un)publish hadiths there at once (a moderator would do it one by one). */
export interface RankedSearchDatabase {
  stores: HadithStores;
  /** (Un)publishes the collection's hadiths up to sequence `through` (every one without it). */
  setPublished(collection: string, published: boolean, through?: number): Promise<void>;
}

/** A synthetic collection whose hadiths all have one English text (so one rank for any of its words). */
async function sameTextCollection(stores: HadithStores, slug: string, position: number, count: number) {
  const imports = stores.hadithImports;
  await imports.saveCollectionInfo(aHadithCollectionInfo({ slug, position }));
  await imports.replaceBooks(slug, [aHadithBook(1)]);
  const hadiths = Array.from({ length: count }, (_, i) =>
    anImportedHadith(i + 1, { bookNumber: 1, translations: { en: 'Test shared saying' } }),
  );
  await imports.writeImported(slug, hadiths, AT);
  await imports.replaceNumberKeys(slug, new Map(hadiths.map((_, i) => [String(i + 1), i + 1])));
}

/**
 * A search may rank the matches first and join only the best of them to their hadiths (for `published`); these cases
 * are those where such a first pass alone would give a wrong page (more matches than it keeps, all of one rank).
 */
export function hadithSearchRankingConformance(name: string, open: () => Promise<RankedSearchDatabase>): void {
  describe(`HadithStore search: a page ranked from the best matches is the page every match gives: ${name}`, () => {
    let database: RankedSearchDatabase;
    before(async () => {
      database = await open();
      // The first collection is written between the others: whichever way a database reads ties, more than a first
      // pass keeps come before its hadiths.
      await sameTextCollection(database.stores, 'test-later', 2, 300);
      await sameTextCollection(database.stores, 'test-first', 1, 3);
      await sameTextCollection(database.stores, 'test-last', 3, 300);
    });
    const hits = async (options: Partial<HadithTextSearch>) =>
      (
        await database.stores.hadith.searchHadiths({
          terms: parseSearchQuery('shared'),
          locale: 'en',
          offset: 0,
          limit: 1,
          includeUnpublished: false,
          ...options,
        })
      ).map((hit) => `${hit.collection}/${hit.number}`);

    it('breaks ties of the rank by the collections’ order, among more matches than a first pass keeps', async () => {
      expect(await hits({ limit: 1 })).to.deep.equal(['test-first/1']);
      expect(await hits({ offset: 2, limit: 3 })).to.deep.equal(['test-first/3', 'test-later/1', 'test-later/2']);
      expect(await hits({ offset: 300, limit: 5 })).to.deep.equal([
        'test-later/298',
        'test-later/299',
        'test-later/300',
        'test-last/1',
        'test-last/2',
      ]);
      expect(await hits({ offset: 602, limit: 5 })).to.deep.equal(['test-last/300']);
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
      await database.setPublished('test-later', false);
      await database.setPublished('test-last', false);
      try {
        expect(await hits({ limit: 5 })).to.deep.equal(['test-first/1', 'test-first/2', 'test-first/3']);
        expect(await hits({ limit: 4, includeUnpublished: true })).to.deep.equal([
          'test-first/1',
          'test-first/2',
          'test-first/3',
          'test-later/1',
        ]);
      } finally {
        await database.setPublished('test-later', true);
        await database.setPublished('test-last', true);
      }
    });

    it('finds the published hits that come after more unpublished ones than a first pass keeps', async () => {
      await database.setPublished('test-first', false);
      await database.setPublished('test-first', true, 1);
      await database.setPublished('test-later', false, 260);
      try {
        // A page that comes out short, and one that comes out empty, from what a first pass keeps.
        expect(await hits({ limit: 2 })).to.deep.equal(['test-first/1', 'test-later/261']);
        expect(await hits({ collection: 'test-later', limit: 2 })).to.deep.equal(['test-later/261', 'test-later/262']);
        expect(await hits({ offset: 40, limit: 2 })).to.deep.equal(['test-later/300', 'test-last/1']);
        expect(await hits({ limit: 2, includeUnpublished: true })).to.deep.equal(['test-first/1', 'test-first/2']);
      } finally {
        await database.setPublished('test-first', true);
        await database.setPublished('test-later', true);
      }
    });
  });
}
