import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, type HadithSourceCollection } from '@islamic-data/core';
import { readHadithJson } from '../src/index.js';

/** `<repoRoot>/../shared/data/hadith-json`, read at test time. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/hadith-json');
const CHAPTERS = path.join(ROOT, 'db/by_chapter');

/** shared/data/README.md, "Counts": records, chapter files, empty arabic, empty english.text, empty narrator. */
const README_COUNTS: Record<string, [number, number, number, number, number]> = {
  bukhari: [7277, 97, 0, 1, 63],
  muslim: [7459, 57, 0, 1, 1670],
  abudawud: [5276, 43, 0, 0, 607],
  tirmidhi: [4053, 49, 0, 1, 40],
  nasai: [5768, 52, 0, 0, 135],
  ibnmajah: [4345, 38, 0, 0, 181],
  malik: [1985, 61, 125, 12, 1957],
  nawawi40: [42, 1, 0, 0, 0],
  qudsi40: [40, 1, 0, 0, 0],
};

async function readAll(from: string, only?: string[]): Promise<HadithSourceCollection[]> {
  const collections: HadithSourceCollection[] = [];
  for await (const collection of readHadithJson(from, only)) collections.push(collection);
  return collections;
}

const rawChapter = (group: string, slug: string, file: string) =>
  JSON.parse(readFileSync(path.join(CHAPTERS, group, slug, file), 'utf8'));

async function failure(promise: Promise<unknown>): Promise<Error> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught, 'expected a failure').to.be.instanceOf(Error);
  return caught as Error;
}

describe('sources: hadith-json reader over shared/data', function () {
  this.timeout(60_000);
  let all: Map<string, HadithSourceCollection>;
  before(async () => {
    all = new Map((await readAll(ROOT)).map((collection) => [collection.info.slug, collection]));
  });

  it('finds the nine collections under the repository root, in the contract order', () => {
    expect([...all.keys()]).to.deep.equal(Object.keys(README_COUNTS));
    expect(Object.keys(README_COUNTS)).to.deep.equal([
      'bukhari',
      'muslim',
      'abudawud',
      'tirmidhi',
      'nasai',
      'ibnmajah',
      'malik',
      'nawawi40',
      'qudsi40',
    ]);
  });

  for (const [slug, [records, chapterFiles, emptyArabic, emptyEnglish, emptyNarrator]] of Object.entries(
    README_COUNTS,
  )) {
    it(
      `reads ${slug} with the README's counts: ${records} records, ${chapterFiles} books, ` +
        `${emptyArabic}/${emptyEnglish}/${emptyNarrator} empty arabic/english/narrator`,
      () => {
        const collection = all.get(slug)!;
        expect(collection.hadiths).to.have.length(records);
        expect(collection.books).to.have.length(chapterFiles);
        expect(collection.hadiths.filter((hadith) => hadith.textAr === null)).to.have.length(emptyArabic);
        expect(collection.hadiths.filter((hadith) => hadith.translations.en === null)).to.have.length(emptyEnglish);
        expect(collection.hadiths.filter((hadith) => hadith.narrator === null)).to.have.length(emptyNarrator);
        expect(collection.hadiths.map((hadith) => hadith.sequence)).to.deep.equal(
          Array.from({ length: records }, (_, i) => i + 1),
        );
      },
    );
  }

  it('numbers hadiths through the chapter files in chapter.id order, each chapter in its file order', () => {
    const bukhari = all.get('bukhari')!;
    const first = rawChapter('the_9_books', 'bukhari', '1.json');
    const second = rawChapter('the_9_books', 'bukhari', '2.json');
    const last = rawChapter('the_9_books', 'bukhari', '97.json');
    expect(bukhari.hadiths[0]).to.deep.include({ textAr: first.hadiths[0].arabic, bookNumber: 1 });
    expect(bukhari.hadiths[first.hadiths.length]).to.deep.include({ textAr: second.hadiths[0].arabic, bookNumber: 2 });
    expect(bukhari.hadiths.at(-1)).to.deep.include({ textAr: last.hadiths.at(-1).arabic, bookNumber: 97 });
    expect(bukhari.hadiths[0]!.translations.en).to.equal(first.hadiths[0].english.text);
    expect(bukhari.hadiths[0]!.narrator).to.equal(first.hadiths[0].english.narrator.trim());
  });

  it('puts the introductions (chapter.id 0) first', () => {
    for (const slug of ['muslim', 'ibnmajah']) {
      const collection = all.get(slug)!;
      const introduction = rawChapter('the_9_books', slug, 'introduction.json');
      expect(collection.books[0]).to.deep.equal({
        number: 0,
        nameEn: introduction.chapter.english,
        nameAr: introduction.chapter.arabic,
      });
      expect(collection.hadiths[0]).to.deep.include({ bookNumber: 0, textAr: introduction.hadiths[0].arabic });
      expect(collection.hadiths.filter((hadith) => hadith.bookNumber === 0)).to.have.length(
        introduction.hadiths.length,
      );
    }
  });

  it("puts an-Nasa'i's chapter 35.2 (35b.json) between 35 and 36", () => {
    const nasai = all.get('nasai')!;
    expect(nasai.books.map((book) => book.number).slice(33, 37)).to.deep.equal([34, 35, 35.2, 36]);
    const numbersIn = (book: number) =>
      nasai.hadiths.filter((hadith) => hadith.bookNumber === book).map((hadith) => hadith.sequence);
    const [in35, in352, in36] = [numbersIn(35), numbersIn(35.2), numbersIn(36)];
    expect(in352).to.have.length(rawChapter('the_9_books', 'nasai', '35b.json').hadiths.length);
    expect(in352[0]).to.equal(in35.at(-1)! + 1);
    expect(in36[0]).to.equal(in352.at(-1)! + 1);
  });

  it('takes the collection names from the metadata and gives each collection an Arabic and an English edition', () => {
    const bukhari = all.get('bukhari')!;
    const raw = rawChapter('the_9_books', 'bukhari', '1.json');
    expect(bukhari.info).to.deep.equal({
      slug: 'bukhari',
      name: raw.metadata.english.title,
      nameAr: raw.metadata.arabic.title,
      position: 1,
      numbering: 'sequence',
    });
    for (const collection of all.values()) {
      const [arabic, english] = collection.editions;
      expect(arabic).to.include({
        resource: 'hadith',
        collection: collection.info.slug,
        lang: 'ar',
        publicDomain: true,
      });
      expect(english).to.include({
        resource: 'hadith',
        collection: collection.info.slug,
        lang: 'en',
        publicDomain: false,
      });
      for (const edition of [arabic!, english!]) {
        expect(edition.attribution).to.contain('sunnah.com').and.to.contain('hadith-json');
        expect(edition.sourceUrl).to.equal(`https://sunnah.com/${collection.info.slug}`);
      }
    }
  });

  describe('the by_book layout (whole-book files)', () => {
    for (const [group, slug] of [
      ['the_9_books', 'malik'],
      ['forties', 'nawawi40'],
      ['forties', 'qudsi40'],
    ] as const) {
      it(`reads by_book/${group}/${slug}.json into the same collection as its by_chapter files`, async () => {
        const [fromBook] = await readAll(path.join(ROOT, 'db/by_book', group, `${slug}.json`));
        const raw = JSON.parse(readFileSync(path.join(ROOT, 'db/by_book', group, `${slug}.json`), 'utf8'));
        expect(fromBook!.hadiths.map((hadith) => hadith.sequence)).to.deep.equal(
          raw.hadiths.map((hadith: { idInBook: number }) => hadith.idInBook),
        );
        expect(fromBook).to.deep.equal(all.get(slug));
      });
    }
  });

  describe('--from at other levels of the layout', () => {
    it('reads db/ and a by_chapter group folder', async () => {
      expect((await readAll(path.join(ROOT, 'db'), ['qudsi40']))[0]).to.deep.equal(all.get('qudsi40'));
      expect((await readAll(path.join(CHAPTERS, 'forties'))).map((collection) => collection.info.slug)).to.deep.equal([
        'nawawi40',
        'qudsi40',
      ]);
    });

    it('reads one collection folder', async () => {
      const collections = await readAll(path.join(CHAPTERS, 'the_9_books', 'nasai'));
      expect(collections).to.have.length(1);
      expect(collections[0]).to.deep.equal(all.get('nasai'));
    });

    it('reads a by_book group folder', async () => {
      expect(
        (await readAll(path.join(ROOT, 'db/by_book/the_9_books'))).map((collection) => collection.info.slug),
      ).to.deep.equal(['malik']);
    });

    it('limits the import to the named collections', async () => {
      expect((await readAll(ROOT, ['qudsi40', 'nawawi40'])).map((collection) => collection.info.slug)).to.deep.equal([
        'nawawi40',
        'qudsi40',
      ]);
    });

    it('refuses a single chapter file, naming its folder as the way', async () => {
      const error = await failure(readAll(path.join(CHAPTERS, 'the_9_books', 'bukhari', '1.json')));
      expect(error.message).to.contain('one chapter of a collection');
    });

    it('refuses a path that does not exist, a folder without collections, and an unknown slug', async () => {
      expect((await failure(readAll(path.join(ROOT, 'missing')))).message).to.contain('does not exist');
      const withoutCollections = path.resolve(ROOT, '../../spec');
      expect(readdirSync(withoutCollections)).to.include('CONTRACT.md');
      expect((await failure(readAll(withoutCollections))).message).to.contain('no hadith-json collection');
      const unknown = await failure(readAll(ROOT, ['bukhari', 'test-unknown']));
      expect(unknown).to.be.instanceOf(AppError);
      expect(unknown.message).to.contain("'test-unknown' is not a collection");
    });

    it('refuses a named collection the folder does not hold', async () => {
      const error = await failure(readAll(path.join(CHAPTERS, 'forties'), ['bukhari']));
      expect(error.message).to.contain('no hadith-json files of bukhari');
    });
  });
});
