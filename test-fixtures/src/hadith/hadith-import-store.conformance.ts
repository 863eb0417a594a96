import type { HadithImportStore, HadithStore } from '@islamic-data/core';
import { expect } from 'chai';
import { aHadithBook, aHadithCollectionInfo, anImportedHadith } from './hadith-builders.js';
import { seedHadiths, type HadithStores } from './hadith-seed.js';

const AT = '2026-01-03T00:00:00.000Z';
const LATER = '2026-01-04T00:00:00.000Z';
const C = 'test-collection';

/**
 * What every HadithImportStore must do, in memory and in SQLite alike, read back through the
 * HadithStore over the same data.
 */
export function hadithImportStoreConformance(name: string, makeStores: () => Promise<HadithStores>): void {
  describe(`HadithImportStore conformance: ${name}`, () => {
    let store: HadithStore;
    let imports: HadithImportStore;
    beforeEach(async () => {
      ({ hadith: store, hadithImports: imports } = await makeStores());
    });
    const seed = (count: number, slug = C) => seedHadiths(imports, count, slug, AT);

    describe('collections and books', () => {
      it('saves a collection, gives it back, and replaces its names', async () => {
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: C, name: 'Test name 1' }));
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: C, name: 'Test name 2' }));
        expect(await store.getCollectionInfo(C)).to.deep.equal(aHadithCollectionInfo({ slug: C, name: 'Test name 2' }));
        expect(await store.getCollectionInfo('test-unknown')).to.equal(undefined);
      });

      it('replaces the books of a collection, listed by number (fractional numbers kept)', async () => {
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: C }));
        await imports.replaceBooks(C, [aHadithBook(3), aHadithBook(35.2), aHadithBook(0)]);
        expect(await store.listBooks(C)).to.deep.equal([aHadithBook(0), aHadithBook(3), aHadithBook(35.2)]);
        await imports.replaceBooks(C, [aHadithBook(1)]);
        expect(await store.listBooks(C)).to.deep.equal([aHadithBook(1)]);
        expect(await store.listBooks('test-unknown')).to.deep.equal([]);
      });
    });

    describe('imported hadiths', () => {
      it('stores the number, citation and in-book reference, and resolves numbers by their keys', async () => {
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: C }));
        const inBook = { book: 3, hadith: 7 };
        await imports.writeImported(C, [anImportedHadith(1, { number: '8a', citation: 'Test 8a', inBook })], AT);
        await imports.replaceNumberKeys(
          C,
          new Map([
            ['8a', 1],
            ['8', 1],
          ]),
        );
        expect(await store.getHadith(C, 1)).to.deep.include({
          number: '8a',
          reference: { citation: 'Test 8a', inBook },
        });
        expect(await store.resolveNumber(C, '8')).to.equal(1);
        expect(await store.resolveNumber(C, '9')).to.equal(undefined);
        expect(await imports.numberKeys(C)).to.deep.equal(
          new Map([
            ['8a', 1],
            ['8', 1],
          ]),
        );
        await imports.replaceNumberKeys(C, new Map([['8a', 1]]));
        expect(await store.resolveNumber(C, '8')).to.equal(undefined);
      });

      it("takes the source's grade, except where the stored grade was set through the API", async () => {
        await imports.saveCollectionInfo(aHadithCollectionInfo({ slug: C }));
        await imports.writeImported(
          C,
          [1, 2].map((n) => anImportedHadith(n, { grade: 'Test grade A' })),
          AT,
        );
        const edited = { narrator: null, grade: 'Test edited grade', tags: [], notes: null, published: true };
        await store.setMetadata(C, 2, edited);
        await imports.writeImported(
          C,
          [1, 2].map((n) => anImportedHadith(n, { grade: 'Test grade B' })),
          AT,
        );
        expect((await store.getHadith(C, 1))!.grade).to.equal('Test grade B');
        expect((await store.getHadith(C, 2))!.grade).to.equal('Test edited grade');
      });

      it('creates hadiths with default metadata, the source narrator, the book and the translation', async () => {
        await seed(2);
        expect(await store.getHadith(C, 2)).to.deep.equal({
          collection: C,
          number: '2',
          sequence: 2,
          reference: { citation: 'Test citation 2', inBook: null },
          text_ar: 'Test hadith 2 (Arabic)',
          translations: { en: 'Test hadith 2' },
          narrator: 'Test narrator 2',
          grade: null,
          tags: [],
          notes: null,
          published: true,
          book: aHadithBook(2.5),
          grades: [],
        });
        expect(await store.getTranslation(C, 2, 'en')).to.deep.equal({
          locale: 'en',
          text: 'Test hadith 2',
          updatedAt: AT,
        });
        expect(await imports.sourceHashes(C)).to.deep.equal(
          new Map([
            [1, 'test-hash-1'],
            [2, 'test-hash-2'],
          ]),
        );
      });

      it('keeps an absent Arabic text as null, and gives no book for a missing book', async () => {
        await seed(0);
        await imports.writeImported(
          C,
          [anImportedHadith(1, { textAr: null, bookNumber: 7, translations: { en: null } })],
          AT,
        );
        expect(await store.getHadith(C, 1)).to.include({ text_ar: null, book: null });
        expect((await store.getHadith(C, 1))!.translations).to.deep.equal({});
      });

      it(
        'updates source fields of an existing hadith and keeps its grade, ' + 'tags, notes and published flag',
        async () => {
          await seed(1);
          await store.setMetadata(C, 1, {
            narrator: 'Test edited narrator',
            grade: 'Test grade',
            tags: ['test-tag'],
            notes: 'Test note',
            published: false,
          });
          await imports.writeImported(
            C,
            [
              anImportedHadith(1, {
                textAr: 'Test changed (Arabic)',
                narrator: 'Test narrator 1b',
                bookNumber: 2.5,
                sourceHash: 'test-hash-1b',
              }),
            ],
            LATER,
          );
          expect(await store.getHadith(C, 1)).to.deep.include({
            text_ar: 'Test changed (Arabic)',
            narrator: 'Test narrator 1b',
            grade: 'Test grade',
            tags: ['test-tag'],
            notes: 'Test note',
            published: false,
            book: aHadithBook(2.5),
          });
          expect((await imports.sourceHashes(C)).get(1)).to.equal('test-hash-1b');
        },
      );

      it(
        'keeps the updatedAt of an unchanged imported translation, ' + 'renews a changed one, and removes a null one',
        async () => {
          await seed(3);
          await imports.writeImported(
            C,
            [
              anImportedHadith(1),
              anImportedHadith(2, { translations: { en: 'Test hadith 2, revised' } }),
              anImportedHadith(3, { translations: { en: null } }),
            ],
            LATER,
          );
          expect(await store.getTranslation(C, 1, 'en')).to.deep.equal({
            locale: 'en',
            text: 'Test hadith 1',
            updatedAt: AT,
          });
          expect(await store.getTranslation(C, 2, 'en')).to.deep.equal({
            locale: 'en',
            text: 'Test hadith 2, revised',
            updatedAt: LATER,
          });
          expect(await store.getTranslation(C, 3, 'en')).to.equal(undefined);
        },
      );

      it('removes the hadiths numbered above a number, with their translations', async () => {
        await seed(5);
        expect(await imports.deleteHadithsAfter(C, 3)).to.equal(2);
        expect([...(await imports.sourceHashes(C)).keys()].sort()).to.deep.equal([1, 2, 3]);
        expect(await store.getHadith(C, 4)).to.equal(undefined);
        expect(await imports.deleteHadithsAfter(C, 3)).to.equal(0);
        await imports.writeImported(C, [anImportedHadith(4, { translations: {} })], LATER);
        expect(await store.getTranslation(C, 4, 'en')).to.equal(undefined);
      });
    });
  });
}
