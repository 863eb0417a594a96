import { parseSearchQuery, type QuranStore, type QuranTextSearch } from '@islamic-data/core';
import { expect } from 'chai';
import { syntheticSurahs, syntheticTexts } from './builders.js';

const AT = '2026-01-01T00:00:00.000Z';

/**
 * Synthetic Arabic ("a first test of searching", "a second test") written with full tashkeel,
 * tatweel, alef wasla and ta marbuta, as Uthmani text is, to be found by the bare letters.
 */
const ARABIC_1_1 = 'تَجْرِبَةٌ أُولَىٰ لِلْبَحْـثِ ٱلْأَوَّلِ';
const ARABIC_1_2 = 'تَجْرِبَةٌ ثَانِيَةٌ';

/** What every QuranStore's search and ayah ranges do, over a small synthetic Quran. */
export function quranSearchConformance(name: string, makeStore: () => Promise<QuranStore>): void {
  describe(`QuranStore search and ranges: ${name}`, () => {
    const surahs = syntheticSurahs();
    let store: QuranStore;
    const search = (q: string, options: Partial<QuranTextSearch> = {}) =>
      store.searchAyahs({ terms: parseSearchQuery(q), offset: 0, limit: 50, includeUnpublished: false, ...options });
    const keys = async (q: string, options: Partial<QuranTextSearch> = {}) =>
      (await search(q, options)).map((hit) => `${hit.surah}:${hit.ayah}/${hit.locale}`).sort();

    beforeEach(async () => {
      store = await makeStore();
      await store.upsertSurahs(surahs);
      await store.putArabicTexts(syntheticTexts(surahs, 'ar'));
      await store.putArabicTexts([
        { surah: 1, ayah: 1, text: ARABIC_1_1 },
        { surah: 1, ayah: 2, text: ARABIC_1_2 },
      ]);
      await store.putTranslations('en', syntheticTexts(surahs, 'en'), AT);
      await store.putTranslations('ru', syntheticTexts(surahs, 'ru'), AT);
      await store.putTranslations(
        'en',
        [
          { surah: 2, ayah: 5, text: 'Test Searching the Alpha words, then the beta words' },
          { surah: 3, ayah: 1, text: 'Test alphabet soup with café crème' },
        ],
        AT,
      );
    });

    it('finds Arabic with tashkeel, tatweel and letter variants by its bare letters, marks the words', async () => {
      const hits = await search('تجربه اولي للبحث');
      expect(hits.map((hit) => [hit.surah, hit.ayah, hit.locale])).to.deep.equal([[1, 1, 'ar']]);
      expect(hits[0]!.snippet).to.equal(
        '<mark>تَجْرِبَةٌ</mark> ' + '<mark>أُولَىٰ</mark> ' + '<mark>لِلْبَحْـثِ</mark> ' + 'ٱلْأَوَّلِ',
      );
      expect(await keys('تَجْرِبَةٌ')).to.deep.equal(['1:1/ar', '1:2/ar']);
      expect(await keys('الاول')).to.deep.equal(['1:1/ar']);
    });

    it('matches translations case- and accent-insensitively, with phrases, prefixes and exclusions', async () => {
      expect(await keys('ALPHA')).to.deep.equal(['2:5/en']);
      expect(await keys('cafe creme')).to.deep.equal(['3:1/en']);
      expect(await keys('alpha*')).to.deep.equal(['2:5/en', '3:1/en']);
      expect(await keys('"alpha words"')).to.deep.equal(['2:5/en']);
      expect(await keys('"words alpha"')).to.deep.equal([]);
      expect(await keys('test -alpha*', { locale: 'en', surah: 3 })).to.deep.equal(['3:2/en']);
      expect(await keys('test -"alpha words"', { locale: 'en', surah: 2 })).to.have.length(11);
      const [hit] = await search('"alpha words"');
      expect(hit!.snippet).to.equal('Test Searching the <mark>Alpha words</mark>, then the beta words');
    });

    it('filters by language and surah, and pages through the ranked hits', async () => {
      expect(await keys('2:3')).to.deep.equal(['2:3/ar', '2:3/en', '2:3/ru']);
      expect(await keys('2:3', { locale: 'ru' })).to.deep.equal(['2:3/ru']);
      expect(await keys('test', { surah: 3, locale: 'ru' })).to.deep.equal(['3:1/ru', '3:2/ru']);
      const all = await search('test', { locale: 'ru' });
      expect(all).to.have.length(17);
      const pages = [
        ...(await search('test', { locale: 'ru', limit: 10 })),
        ...(await search('test', { locale: 'ru', offset: 10, limit: 10 })),
      ];
      expect(pages).to.deep.equal(all);
    });

    it('finds unpublished ayahs only when asked to', async () => {
      await store.setMetadata(2, 5, { tags: [], notes: null, published: false });
      expect(await keys('alpha')).to.deep.equal([]);
      expect(await keys('alpha', { includeUnpublished: true })).to.deep.equal(['2:5/en']);
    });

    it('follows every write: a new, replaced or deleted translation and a changed Arabic text', async () => {
      await store.putTranslation(2, 7, { locale: 'az', text: 'Test yeni gamma mətn', updatedAt: AT });
      expect(await keys('gamma')).to.deep.equal(['2:7/az']);
      await store.putTranslation(2, 7, { locale: 'az', text: 'Test yeni delta mətn', updatedAt: AT });
      expect(await keys('gamma')).to.deep.equal([]);
      expect(await keys('delta mətn')).to.deep.equal(['2:7/az']);
      await store.deleteTranslation(2, 7, 'az');
      expect(await keys('delta')).to.deep.equal([]);
      await store.putTranslations('en', [{ surah: 2, ayah: 5, text: 'Test epsilon' }], AT);
      expect(await keys('alpha words')).to.deep.equal([]);
      expect(await keys('epsilon')).to.deep.equal(['2:5/en']);
      await store.putArabicTexts([{ surah: 1, ayah: 2, text: 'تَجْرِبَةٌ ثَالِثَةٌ' }]);
      expect(await keys('ثانيه')).to.deep.equal([]);
      expect(await keys('ثالثه')).to.deep.equal(['1:2/ar']);
    });

    it('lists an ayah range across surahs, in order, with the translations asked for', async () => {
      const range = await store.listAyahRange(
        { surah: 1, ayah: 2 },
        { surah: 2, ayah: 3 },
        { includeUnpublished: false, locales: ['ru'] },
      );
      expect(range.map((ayah) => ayah.key)).to.deep.equal(['1:2', '1:3', '2:1', '2:2', '2:3']);
      expect(range[2]!.translations).to.deep.equal({ ru: 'Test ru 2:1' });
      await store.setMetadata(2, 1, { tags: [], notes: null, published: false });
      const published = await store.listAyahRange(
        { surah: 2, ayah: 1 },
        { surah: 2, ayah: 2 },
        {
          includeUnpublished: false,
          locales: [],
        },
      );
      expect(published.map((ayah) => [ayah.key, ayah.translations])).to.deep.equal([['2:2', {}]]);
      const all = await store.listAyahRange({ surah: 2, ayah: 1 }, { surah: 2, ayah: 2 }, { includeUnpublished: true });
      expect(all.map((ayah) => Object.keys(ayah.translations))).to.deep.equal([
        ['en', 'ru'],
        ['en', 'ru'],
      ]);
    });
  });
}
