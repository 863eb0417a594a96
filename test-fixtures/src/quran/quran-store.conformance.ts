import type { QuranStore } from '@islamic-data/core';
import { expect } from 'chai';
import { syntheticSurahs, syntheticTexts } from './builders.js';

const AT_1 = '2026-01-01T00:00:00.000Z';
const AT_2 = '2026-01-02T00:00:00.000Z';

/** What every QuranStore does, seeded with a small synthetic Quran through the import methods. */
export function quranStoreConformance(name: string, makeStore: () => Promise<QuranStore>): void {
  describe(`QuranStore conformance: ${name}`, () => {
    const surahs = syntheticSurahs();
    let store: QuranStore;
    beforeEach(async () => {
      store = await makeStore();
      await store.upsertSurahs(surahs);
      await store.putArabicTexts(syntheticTexts(surahs, 'ar'));
    });

    describe('surahs', () => {
      it('lists surahs by id and finds one', async () => {
        expect(await store.listSurahs()).to.deep.equal(surahs);
        expect(await store.getSurah(2)).to.deep.equal(surahs[1]);
        expect(await store.getSurah(99)).to.equal(undefined);
      });

      it('counts only the surahs an upsert created or changed', async () => {
        expect(await store.upsertSurahs(surahs)).to.equal(0);
        expect(await store.upsertSurahs([{ ...surahs[0]!, nameEn: 'Test surah renamed' }, surahs[1]!])).to.equal(1);
        expect((await store.getSurah(1))?.nameEn).to.equal('Test surah renamed');
      });
    });

    describe('ayahs', () => {
      it('creates ayahs with default metadata and lists a surah in ayah order', async () => {
        const ayahs = await store.listAyahs(2, { includeUnpublished: false });
        expect(ayahs.map((ayah) => ayah.ayah)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        expect(ayahs[9]).to.deep.equal({
          surah: 2,
          ayah: 10,
          key: '2:10',
          text_ar: 'Test ar 2:10',
          translations: {},
          tags: [],
          notes: null,
          published: true,
        });
        expect(await store.listAyahs(99, { includeUnpublished: true })).to.deep.equal([]);
      });

      it('counts changed Arabic texts, and keeps metadata when a text changes', async () => {
        expect(await store.putArabicTexts(syntheticTexts(surahs, 'ar'))).to.equal(0);
        await store.setMetadata(1, 2, { tags: ['test-tag'], notes: 'Test note', published: false });
        expect(await store.putArabicTexts([{ surah: 1, ayah: 2, text: 'Test ar changed' }])).to.equal(1);
        expect(await store.getAyah(1, 2)).to.include({
          text_ar: 'Test ar changed',
          notes: 'Test note',
          published: false,
        });
      });

      it('finds one ayah, published or not, and nothing for an unknown one', async () => {
        await store.setMetadata(1, 1, { tags: [], notes: null, published: false });
        expect(await store.getAyah(1, 1)).to.include({ key: '1:1', published: false });
        expect(await store.getAyah(1, 4)).to.equal(undefined);
        expect(await store.getAyah(99, 1)).to.equal(undefined);
      });

      it('hides unpublished ayahs from a list unless asked for them', async () => {
        await store.setMetadata(1, 2, { tags: [], notes: null, published: false });
        expect((await store.listAyahs(1, { includeUnpublished: false })).map((ayah) => ayah.key)).to.deep.equal([
          '1:1',
          '1:3',
        ]);
        expect((await store.listAyahs(1, { includeUnpublished: true })).map((ayah) => ayah.key)).to.deep.equal([
          '1:1',
          '1:2',
          '1:3',
        ]);
      });

      it('replaces metadata and reports an unknown ayah', async () => {
        expect(await store.setMetadata(3, 2, { tags: ['a', 'b'], notes: 'Test note', published: true })).to.equal(true);
        expect(await store.getAyah(3, 2))
          .to.include({ notes: 'Test note' })
          .and.to.have.deep.property('tags', ['a', 'b']);
        expect(await store.setMetadata(3, 3, { tags: [], notes: null, published: true })).to.equal(false);
      });

      it('gives copies: changing a result changes nothing stored', async () => {
        const ayah = (await store.getAyah(1, 1))!;
        ayah.tags.push('mutated');
        ayah.translations.xx = 'mutated';
        expect(await store.getAyah(1, 1)).to.deep.include({ tags: [], translations: {} });
      });
    });

    describe('translations', () => {
      beforeEach(async () => {
        await store.putTranslations('ru', syntheticTexts(surahs, 'ru'), AT_1);
        await store.putTranslations('en', syntheticTexts(surahs, 'en'), AT_1);
      });

      it('gives every translation of an ayah by locale, or only the asked ones', async () => {
        expect((await store.getAyah(2, 10))?.translations).to.deep.equal({ en: 'Test en 2:10', ru: 'Test ru 2:10' });
        expect(Object.keys((await store.getAyah(2, 10))!.translations)).to.deep.equal(['en', 'ru']);
        expect((await store.getAyah(2, 10, { locales: ['ru', 'tr'] }))?.translations).to.deep.equal({
          ru: 'Test ru 2:10',
        });
        expect((await store.getAyah(2, 10, { locales: [] }))?.translations).to.deep.equal({});
        const listed = await store.listAyahs(2, { includeUnpublished: false, locales: ['en'] });
        expect(listed.map((ayah) => ayah.translations)).to.deep.equal(
          syntheticTexts([surahs[1]!], 'en').map(({ text }) => ({ en: text })),
        );
      });

      it('stores a record exactly as given, replaces it, and deletes it', async () => {
        const record = { locale: 'de-at', text: 'Test de-at 1:1', updatedAt: AT_2 };
        await store.putTranslation(1, 1, record);
        expect(await store.getTranslation(1, 1, 'de-at')).to.deep.equal(record);
        await store.putTranslation(1, 1, { ...record, text: 'Test replaced', updatedAt: AT_1 });
        expect(await store.getTranslation(1, 1, 'de-at')).to.deep.equal({
          ...record,
          text: 'Test replaced',
          updatedAt: AT_1,
        });
        expect(await store.deleteTranslation(1, 1, 'de-at')).to.equal(true);
        expect(await store.getTranslation(1, 1, 'de-at')).to.equal(undefined);
        expect(await store.deleteTranslation(1, 1, 'de-at')).to.equal(false);
        expect(await store.getTranslation(1, 1, 'en')).to.deep.equal({
          locale: 'en',
          text: 'Test en 1:1',
          updatedAt: AT_1,
        });
      });

      it('counts only changed texts of a bulk put, and keeps updatedAt of equal ones', async () => {
        const changed = [
          { surah: 1, ayah: 1, text: 'Test en changed' },
          { surah: 1, ayah: 2, text: 'Test en 1:2' },
        ];
        expect(await store.putTranslations('en', changed, AT_2)).to.equal(1);
        expect(await store.getTranslation(1, 1, 'en')).to.deep.equal({
          locale: 'en',
          text: 'Test en changed',
          updatedAt: AT_2,
        });
        expect(await store.getTranslation(1, 2, 'en')).to.deep.equal({
          locale: 'en',
          text: 'Test en 1:2',
          updatedAt: AT_1,
        });
        expect(await store.putTranslations('en', syntheticTexts(surahs, 'en'), AT_2)).to.equal(1);
      });

      it(
        'gives an ayah back exactly when its metadata and ' +
          'translations are put back as read (what a rollback does)',
        async () => {
          await store.setMetadata(2, 10, { tags: ['test-z', 'test-a'], notes: 'Test note', published: false });
          const snapshot = JSON.parse(JSON.stringify(await store.getAyah(2, 10)));
          const en = (await store.getTranslation(2, 10, 'en'))!;
          await store.setMetadata(2, 10, { tags: [], notes: null, published: true });
          await store.deleteTranslation(2, 10, 'en');
          await store.putTranslation(2, 10, { locale: 'az', text: 'Test az 2:10', updatedAt: AT_2 });

          await store.deleteTranslation(2, 10, 'az');
          await store.putTranslation(2, 10, en);
          await store.setMetadata(2, 10, { tags: snapshot.tags, notes: snapshot.notes, published: snapshot.published });
          expect(await store.getAyah(2, 10)).to.deep.equal(snapshot);
          expect(Object.keys((await store.getAyah(2, 10))!.translations)).to.deep.equal(['en', 'ru']);
          expect(await store.getTranslation(2, 10, 'en')).to.deep.equal(en);
        },
      );

      it('lists the published texts of a language, or the Arabic original, in order', async () => {
        await store.setMetadata(2, 3, { tags: [], notes: null, published: false });
        await store.deleteTranslation(3, 1, 'en');
        const english = await store.listPublishedTexts('en');
        expect(english).to.have.length(3 + 12 + 2 - 2);
        expect(english.slice(0, 5).map(({ surah, ayah }) => `${surah}:${ayah}`)).to.deep.equal([
          '1:1',
          '1:2',
          '1:3',
          '2:1',
          '2:2',
        ]);
        expect(english.map(({ surah, ayah }) => `${surah}:${ayah}`)).not.to.include.members(['2:3', '3:1']);
        expect(english[3]).to.deep.equal({ surah: 2, ayah: 1, text: 'Test en 2:1' });
        const arabicOfSurah2 = await store.listPublishedTexts('ar', 2);
        expect(arabicOfSurah2.map(({ ayah }) => ayah)).to.deep.equal([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        expect(arabicOfSurah2[0]).to.deep.equal({ surah: 2, ayah: 1, text: 'Test ar 2:1' });
        expect(await store.listPublishedTexts('tr')).to.deep.equal([]);
      });
    });
  });
}
