import type { HadithImportStore, HadithStore } from '@islamic-data/core';
import { expect } from 'chai';
import { aHadithCollectionInfo, anImportedHadith } from './hadith-builders.js';
import { seedHadiths, type HadithStores } from './hadith-seed.js';

const AT = '2026-01-03T00:00:00.000Z';
const LATER = '2026-01-04T00:00:00.000Z';
const C = 'test-collection';

/** What every HadithStore (reads and edits) must do, in memory and in SQLite alike; imports seed it. */
export function hadithStoreConformance(name: string, makeStores: () => Promise<HadithStores>): void {
  describe(`HadithStore conformance: ${name}`, () => {
    let store: HadithStore;
    let imports: HadithImportStore;
    beforeEach(async () => {
      ({ hadith: store, hadithImports: imports } = await makeStores());
    });
    const seed = (count: number, slug = C) => seedHadiths(imports, count, slug, AT);

    describe('books, grades and picks (CONTRACT §21)', () => {
      it('summarises each book: its first and last published hadith and how many, and pages one book', async () => {
        await seed(6);
        await store.setMetadata(C, 5, { narrator: null, grade: null, tags: [], notes: null, published: false });
        expect(await store.listBookSummaries(C)).to.deep.equal([
          { number: 1, nameEn: 'Test book 1', nameAr: 'Test book 1 (ar)', firstNumber: '1', lastNumber: '3', count: 2 },
          {
            number: 2.5,
            nameEn: 'Test book 2.5',
            nameAr: 'Test book 2.5 (ar)',
            firstNumber: '2',
            lastNumber: '6',
            count: 3,
          },
        ]);
        expect(await store.listBookSummaries('test-unknown')).to.deep.equal([]);
        const page = await store.listHadiths(C, { startAfter: 2, limit: 10, includeUnpublished: false, book: 2.5 });
        expect(page.map((hadith) => hadith.sequence)).to.deep.equal([4, 6]);
      });

      it("keeps every grader an import names, and shows an editor's grade alone", async () => {
        await seed(2);
        const grades = [
          { grade: 'Test-a', grader: 'Test-Grader-A' },
          { grade: 'Test-b', grader: 'Test-Grader-B' },
        ];
        await imports.writeImported(C, [anImportedHadith(1, { grade: 'Test-a (Test-Grader-A)', grades })], LATER);
        expect((await store.getHadith(C, 1))!.grades).to.deep.equal(grades);
        expect((await store.getHadith(C, 2))!.grades).to.deep.equal([]);
        await store.setMetadata(C, 1, {
          narrator: null,
          grade: 'Test-c (Test-Grader-C)',
          tags: [],
          notes: null,
          published: true,
        });
        expect((await store.getHadith(C, 1))!.grades).to.deep.equal([{ grade: 'Test-c', grader: 'Test-Grader-C' }]);
      });

      it('counts and picks hadiths by collection, Arabic length and publication, in order', async () => {
        await seed(3, 'test-a');
        await seed(2, 'test-b');
        await imports.writeImported('test-b', [anImportedHadith(2, { textAr: 'Test' })], LATER);
        await store.setMetadata('test-a', 1, { narrator: null, grade: null, tags: [], notes: null, published: false });
        expect(await store.countHadiths({ includeUnpublished: false })).to.equal(4);
        expect(await store.countHadiths({ includeUnpublished: true })).to.equal(5);
        expect(await store.countHadiths({ collection: 'test-b', includeUnpublished: false })).to.equal(2);
        expect(await store.countHadiths({ maxLength: 4, includeUnpublished: false })).to.equal(1);
        expect((await store.nthHadith({ maxLength: 4, includeUnpublished: false }, 0))!.text_ar).to.equal('Test');
        const all = await Promise.all([0, 1, 2, 3].map((n) => store.nthHadith({ includeUnpublished: false }, n)));
        expect(all.map((hadith) => `${hadith!.collection}:${hadith!.sequence}`)).to.deep.equal([
          'test-a:2',
          'test-a:3',
          'test-b:1',
          'test-b:2',
        ]);
        expect(await store.nthHadith({ includeUnpublished: false }, 4)).to.equal(undefined);
      });
    });

    describe('collections and books', () => {
      it('lists collections by position with total = published hadiths', async () => {
        await seed(3, 'test-b');
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: 'test-b', position: 2 }));
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: 'test-a', position: 1 }));
        await store.setMetadata('test-b', 2, { narrator: null, grade: null, tags: [], notes: null, published: false });
        const listed = await store.listCollections();
        expect(listed.map((collection) => [collection.slug, collection.total])).to.deep.equal([
          ['test-a', 0],
          ['test-b', 2],
        ]);
        expect(listed[0]).to.deep.equal({
          slug: 'test-a',
          name: 'Test collection test-a',
          nameAr: 'Test collection test-a (ar)',
          total: 0,
          numbering: 'sequence',
        });
      });
    });

    describe('pages', () => {
      it('lists by keyset: numbers above startAfter, in order, at most limit', async () => {
        await seed(10);
        const page = await store.listHadiths(C, { startAfter: 3, limit: 4, includeUnpublished: false });
        expect(page.map((hadith) => hadith.sequence)).to.deep.equal([4, 5, 6, 7]);
        expect(page.map((hadith) => hadith.number)).to.deep.equal(['4', '5', '6', '7']);
        expect(page[0]!.translations).to.deep.equal({ en: 'Test hadith 4' });
        expect(page.map((hadith) => hadith.book?.number)).to.deep.equal([2.5, 1, 2.5, 1]);
        expect(await store.listHadiths(C, { startAfter: 10, limit: 4, includeUnpublished: false })).to.deep.equal([]);
        expect(
          await store.listHadiths('test-unknown', { startAfter: 0, limit: 4, includeUnpublished: true }),
        ).to.deep.equal([]);
      });

      it('skips unpublished hadiths unless asked to include them', async () => {
        await seed(5);
        for (const number of [2, 3])
          await store.setMetadata(C, number, { narrator: null, grade: null, tags: [], notes: null, published: false });
        const published = await store.listHadiths(C, { startAfter: 0, limit: 3, includeUnpublished: false });
        expect(published.map((hadith) => hadith.sequence)).to.deep.equal([1, 4, 5]);
        const all = await store.listHadiths(C, { startAfter: 1, limit: 2, includeUnpublished: true });
        expect(all.map((hadith) => [hadith.sequence, hadith.published])).to.deep.equal([
          [2, false],
          [3, false],
        ]);
      });

      it('includes only the asked translations, ordered by locale', async () => {
        await seed(2);
        await store.putTranslation(C, 1, { locale: 'tr', text: 'Test çeviri 1', updatedAt: AT });
        await store.putTranslation(C, 1, { locale: 'az', text: 'Test tərcümə 1', updatedAt: AT });
        const [first] = await store.listHadiths(C, { startAfter: 0, limit: 1, includeUnpublished: false });
        expect(Object.keys(first!.translations)).to.deep.equal(['az', 'en', 'tr']);
        const [filtered] = await store.listHadiths(C, {
          startAfter: 0,
          limit: 1,
          includeUnpublished: false,
          locales: ['tr', 'ru'],
        });
        expect(filtered!.translations).to.deep.equal({ tr: 'Test çeviri 1' });
        expect((await store.getHadith(C, 1, { locales: [] }))!.translations).to.deep.equal({});
      });

      it('reads a hadith by the number key that names it, as getHadith reads it, translations and all', async () => {
        await seed(3);
        await imports.replaceNumberKeys(
          C,
          new Map([
            ['test-key-2', 2],
            ['test-key-3', 3],
          ]),
        );
        await store.putTranslation(C, 2, { locale: 'tr', text: 'Test çeviri 2', updatedAt: AT });
        await store.setMetadata(C, 3, { narrator: null, grade: null, tags: [], notes: null, published: false });
        for (const locales of [undefined, ['tr', 'ru'], []]) {
          expect(await store.getHadithByNumber(C, 'test-key-2', { locales })).to.deep.equal(
            await store.getHadith(C, 2, { locales }),
          );
        }
        expect(Object.keys((await store.getHadithByNumber(C, 'test-key-2'))!.translations)).to.deep.equal(['en', 'tr']);
        expect(await store.getHadithByNumber(C, 'test-key-3')).to.deep.include({ sequence: 3, published: false });
        expect(await store.getHadithByNumber(C, '1')).to.equal(undefined);
        expect(await store.getHadithByNumber('test-unknown', 'test-key-2')).to.equal(undefined);
      });
    });

    describe('translations and metadata', () => {
      it('puts a translation exactly as given, replaces it, and deletes it', async () => {
        await seed(1);
        const translation = { locale: 'ru', text: 'Test перевод 1', updatedAt: '2025-12-31T23:59:59.000Z' };
        await store.putTranslation(C, 1, translation);
        expect(await store.getTranslation(C, 1, 'ru')).to.deep.equal(translation);
        await store.putTranslation(C, 1, { ...translation, text: 'Test перевод 1b', updatedAt: LATER });
        expect(await store.getTranslation(C, 1, 'ru')).to.deep.equal({
          ...translation,
          text: 'Test перевод 1b',
          updatedAt: LATER,
        });
        expect(await store.deleteTranslation(C, 1, 'ru')).to.equal(true);
        expect(await store.deleteTranslation(C, 1, 'ru')).to.equal(false);
        expect(await store.getTranslation(C, 1, 'ru')).to.equal(undefined);
      });

      it(
        'gives a hadith back exactly when its metadata and ' +
          'translations are put back as read (what a rollback does)',
        async () => {
          await seed(2);
          await store.putTranslation(C, 2, { locale: 'ru', text: 'Test перевод 2', updatedAt: AT });
          await store.setMetadata(C, 2, {
            narrator: 'Test narrator x',
            grade: 'Test grade',
            tags: ['test-z', 'test-a'],
            notes: 'Test note',
            published: false,
          });
          const snapshot = JSON.parse(JSON.stringify(await store.getHadith(C, 2)));
          const en = (await store.getTranslation(C, 2, 'en'))!;
          await store.setMetadata(C, 2, { narrator: null, grade: null, tags: [], notes: null, published: true });
          await store.deleteTranslation(C, 2, 'en');
          await store.putTranslation(C, 2, { locale: 'az', text: 'Test tərcümə 2', updatedAt: LATER });

          await store.deleteTranslation(C, 2, 'az');
          await store.putTranslation(C, 2, en);
          const { narrator, grade, tags, notes, published } = snapshot;
          await store.setMetadata(C, 2, { narrator, grade, tags, notes, published });
          expect(await store.getHadith(C, 2)).to.deep.equal(snapshot);
          expect(Object.keys((await store.getHadith(C, 2))!.translations)).to.deep.equal(['en', 'ru']);
          expect(await store.getTranslation(C, 2, 'en')).to.deep.equal(en);
        },
      );

      it('refuses a translation of a hadith that does not exist', async () => {
        await seed(1);
        const caught = await store
          .putTranslation(C, 2, { locale: 'ru', text: 'Test', updatedAt: AT })
          .catch((error: unknown) => error);
        expect(caught).to.be.instanceOf(Error);
        expect(await store.getHadith(C, 2)).to.equal(undefined);
      });

      it('sets all metadata of a hadith, and says false for a hadith that does not exist', async () => {
        await seed(1);
        const metadata = {
          narrator: 'Test narrator x',
          grade: 'Test grade',
          tags: ['test-a', 'test-b'],
          notes: 'Test note',
          published: false,
        };
        expect(await store.setMetadata(C, 1, metadata)).to.equal(true);
        expect(await store.getHadith(C, 1)).to.deep.include(metadata);
        expect(await store.setMetadata(C, 2, metadata)).to.equal(false);
        expect(await store.setMetadata('test-unknown', 1, metadata)).to.equal(false);
      });
    });

    describe('published texts (downloads)', () => {
      it('lists the Arabic or one locale of published hadiths that have text, in order', async () => {
        await seed(4);
        await imports.writeImported(C, [anImportedHadith(2, { textAr: null, translations: { en: null } })], AT);
        await store.setMetadata(C, 3, { narrator: null, grade: null, tags: [], notes: null, published: false });
        expect(await store.listPublishedTexts(C, 'ar')).to.deep.equal([
          { sequence: 1, number: '1', text: 'Test hadith 1 (Arabic)' },
          { sequence: 4, number: '4', text: 'Test hadith 4 (Arabic)' },
        ]);
        expect((await store.listPublishedTexts(C, 'en')).map((entry) => entry.sequence)).to.deep.equal([1, 4]);
        expect(await store.listPublishedTexts(C, 'ru')).to.deep.equal([]);
        expect(await store.listPublishedTexts('test-unknown', 'ar')).to.deep.equal([]);
      });
    });
  });
}
