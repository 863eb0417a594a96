import { parseSearchQuery, type HadithTextSearch } from '@islamic-data/core';
import { expect } from 'chai';
import { anImportedHadith } from './hadith-builders.js';
import { seedHadiths, type HadithStores } from './hadith-seed.js';

const AT = '2026-01-03T00:00:00.000Z';

/** What every HadithStore's search does, with the index following imports and edits. */
export function hadithSearchConformance(name: string, makeStores: () => Promise<HadithStores>): void {
  describe(`HadithStore search: ${name}`, () => {
    let stores: HadithStores;
    const keys = async (q: string, options: Partial<HadithTextSearch> = {}) =>
      (
        await stores.hadith.searchHadiths({
          terms: parseSearchQuery(q),
          offset: 0,
          limit: 50,
          includeUnpublished: false,
          ...options,
        })
      ).map((hit) => `${hit.collection}/${hit.number}/${hit.locale}`);

    beforeEach(async () => {
      stores = await makeStores();
      await seedHadiths(stores.hadithImports, 4, 'test-a', AT);
      await seedHadiths(stores.hadithImports, 2, 'test-b', AT);
      await stores.hadithImports.writeImported(
        'test-a',
        [
          anImportedHadith(3, {
            number: '3b',
            textAr: 'حَدِيثُ ٱلتَّجْرِبَةِ',
            translations: { en: 'Test narration about the omega sign' },
          }),
        ],
        AT,
      );
    });

    it('finds a hadith by its Arabic, folded, and by a translation phrase, with its number', async () => {
      expect(await keys('التجربه')).to.deep.equal(['test-a/3b/ar']);
      expect(await keys('"the omega sign"')).to.deep.equal(['test-a/3b/en']);
      expect(await keys('omega', { collection: 'test-b' })).to.deep.equal([]);
      expect(await keys('omega', { locale: 'ar' })).to.deep.equal([]);
    });

    it('follows translation writes and deletions, unpublishing and removal by an import', async () => {
      await stores.hadith.putTranslation('test-b', 2, { locale: 'tr', text: 'Test yeni sigma metin', updatedAt: AT });
      expect(await keys('sigma')).to.deep.equal(['test-b/2/tr']);
      await stores.hadith.deleteTranslation('test-b', 2, 'tr');
      expect(await keys('sigma')).to.deep.equal([]);
      await stores.hadith.setMetadata('test-a', 3, {
        narrator: null,
        grade: null,
        tags: [],
        notes: null,
        published: false,
      });
      expect(await keys('omega')).to.deep.equal([]);
      expect(await keys('omega', { includeUnpublished: true })).to.deep.equal(['test-a/3b/en']);
      await stores.hadithImports.deleteHadithsAfter('test-a', 2);
      expect(await keys('omega', { includeUnpublished: true })).to.deep.equal([]);
      expect(await keys('التجربه', { includeUnpublished: true })).to.deep.equal([]);
    });
  });
}
