import { searchInMemory } from '../search/in-memory-search.js';
import type { HadithTextSearch } from '../search/search.js';
import { ARABIC_LOCALE } from '../shared/locale.js';
import type { Translation } from '../shared/translation.js';
import { gradesOf, type Hadith, type HadithBookSummary, type HadithMetadata } from './hadith.js';
import type { HadithPageQuery, HadithPickFilter, HadithQuery, HadithStore, HadithText } from './hadith-store.js';
import { InMemoryHadithData, type StoredCollection, type StoredHadith } from './in-memory-hadith-data.js';

export class InMemoryHadithStore implements HadithStore {
  constructor(private readonly data = new InMemoryHadithData()) {}

  async listCollections(slug?: string) {
    return [...this.data.collections.values()]
      .filter(({ info }) => slug === undefined || info.slug === slug)
      .sort((a, b) => a.info.position - b.info.position || a.info.slug.localeCompare(b.info.slug))
      .map(({ info, hadiths }) => ({
        slug: info.slug,
        name: info.name,
        nameAr: info.nameAr,
        total: [...hadiths.values()].filter((hadith) => hadith.metadata.published).length,
        numbering: info.numbering,
      }));
  }

  async getCollectionInfo(slug: string) {
    const found = this.data.collections.get(slug);
    return found && { ...found.info };
  }

  async listBooks(collection: string) {
    return structuredClone(this.data.collections.get(collection)?.books ?? []);
  }

  async listBookSummaries(collection: string) {
    const found = this.data.collections.get(collection);
    if (!found) return [];
    const published = this.ordered(found).filter((hadith) => hadith.metadata.published);
    return [...found.books]
      .sort((a, b) => a.number - b.number)
      .flatMap((book): HadithBookSummary[] => {
        const inBook = published.filter((hadith) => hadith.bookNumber === book.number);
        if (inBook.length === 0) return [];
        return [{ ...book, firstNumber: inBook[0]!.number, lastNumber: inBook.at(-1)!.number, count: inBook.length }];
      });
  }

  async resolveNumber(collection: string, key: string) {
    return this.data.collections.get(collection)?.numberKeys.get(key);
  }

  async getHadithByNumber(collection: string, key: string, query: HadithQuery = {}) {
    const sequence = await this.resolveNumber(collection, key);
    return sequence === undefined ? undefined : this.getHadith(collection, sequence, query);
  }

  async getHadith(collection: string, sequence: number, query: HadithQuery = {}) {
    const found = this.data.collections.get(collection);
    const hadith = found?.hadiths.get(sequence);
    return hadith && toHadith(found!, hadith, query.locales);
  }

  async listHadiths(collection: string, query: HadithPageQuery) {
    const found = this.data.collections.get(collection);
    if (!found) return [];
    return this.ordered(found)
      .filter((hadith) => hadith.sequence > query.startAfter && (query.includeUnpublished || hadith.metadata.published))
      .filter((hadith) => query.book === undefined || hadith.bookNumber === query.book)
      .slice(0, query.limit)
      .map((hadith) => toHadith(found, hadith, query.locales));
  }

  async listPublishedTexts(collection: string, locale: string) {
    const found = this.data.collections.get(collection);
    if (!found) return [];
    return this.ordered(found)
      .filter((hadith) => hadith.metadata.published)
      .map((hadith) => ({
        sequence: hadith.sequence,
        number: hadith.number,
        text: locale === ARABIC_LOCALE ? hadith.textAr : (hadith.translations.get(locale)?.text ?? null),
      }))
      .filter((entry): entry is HadithText => entry.text !== null);
  }

  private picked(filter: HadithPickFilter): [StoredCollection, StoredHadith][] {
    return [...this.data.collections.values()]
      .filter(({ info }) => filter.collection === undefined || info.slug === filter.collection)
      .sort((a, b) => a.info.position - b.info.position || (a.info.slug < b.info.slug ? -1 : 1))
      .flatMap((collection) =>
        this.ordered(collection)
          .filter((hadith) => filter.includeUnpublished || hadith.metadata.published)
          .filter(
            (hadith) =>
              filter.maxLength === undefined || (hadith.textAr !== null && hadith.textAr.length <= filter.maxLength),
          )
          .map((hadith): [StoredCollection, StoredHadith] => [collection, hadith]),
      );
  }

  async countHadiths(filter: HadithPickFilter) {
    return this.picked(filter).length;
  }

  async nthHadith(filter: HadithPickFilter, n: number, query: HadithQuery = {}) {
    const found = this.picked(filter)[n];
    return found && toHadith(found[0], found[1], query.locales);
  }

  async getTranslation(collection: string, sequence: number, locale: string) {
    const found = this.data.collections.get(collection)?.hadiths.get(sequence)?.translations.get(locale);
    return found && { ...found };
  }

  async putTranslation(collection: string, sequence: number, translation: Translation) {
    const hadith = this.data.collections.get(collection)?.hadiths.get(sequence);
    if (!hadith) throw new Error(`No hadith ${collection} #${sequence} to translate.`);
    hadith.translations.set(translation.locale, { ...translation });
  }

  async deleteTranslation(collection: string, sequence: number, locale: string) {
    return this.data.collections.get(collection)?.hadiths.get(sequence)?.translations.delete(locale) ?? false;
  }

  async setMetadata(collection: string, sequence: number, metadata: HadithMetadata) {
    const hadith = this.data.collections.get(collection)?.hadiths.get(sequence);
    if (!hadith) return false;
    hadith.metadata = structuredClone(metadata);
    return true;
  }

  async searchHadiths(search: HadithTextSearch) {
    const collections = [...this.data.collections.values()]
      .filter(({ info }) => search.collection === undefined || info.slug === search.collection)
      .sort((a, b) => a.info.position - b.info.position);
    const texts = collections.flatMap((collection) =>
      this.ordered(collection)
        .filter((hadith) => search.includeUnpublished || hadith.metadata.published)
        .flatMap((hadith) => {
          const ref = { collection: collection.info.slug, number: hadith.number, sequence: hadith.sequence };
          const translations = [...hadith.translations.values()].sort((a, b) => (a.locale < b.locale ? -1 : 1));
          return [
            ...(hadith.textAr === null ? [] : [{ ref, locale: ARABIC_LOCALE, text: hadith.textAr }]),
            ...translations.map(({ locale, text }) => ({ ref, locale, text })),
          ];
        }),
    );
    return searchInMemory(texts, search).map(({ ref, locale, snippet }) => ({ ...ref, locale, snippet }));
  }

  private ordered(collection: StoredCollection): StoredHadith[] {
    return [...collection.hadiths.values()].sort((a, b) => a.sequence - b.sequence);
  }
}

function toHadith(collection: StoredCollection, hadith: StoredHadith, locales?: string[]): Hadith {
  const translations = [...hadith.translations.values()]
    .filter((translation) => locales === undefined || locales.includes(translation.locale))
    .sort((a, b) => (a.locale < b.locale ? -1 : 1));
  const book = collection.books.find((candidate) => candidate.number === hadith.bookNumber);
  return {
    collection: collection.info.slug,
    number: hadith.number,
    sequence: hadith.sequence,
    reference: { citation: hadith.citation, inBook: hadith.inBook && { ...hadith.inBook } },
    text_ar: hadith.textAr,
    translations: Object.fromEntries(translations.map((translation) => [translation.locale, translation.text])),
    narrator: hadith.metadata.narrator,
    grade: hadith.metadata.grade,
    tags: [...hadith.metadata.tags],
    notes: hadith.metadata.notes,
    published: hadith.metadata.published,
    book: book ? { ...book } : null,
    grades: gradesOf(hadith.metadata.grade, hadith.importedGrade, hadith.importedGrades),
  };
}
