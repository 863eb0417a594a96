import { ARABIC_LOCALE } from '../shared/locale.js';
import type { Snapshottable } from '../shared/snapshottable.js';
import type { Translation } from '../shared/translation.js';
import { defaultHadithMetadata, type Hadith, type HadithBook, type HadithCollectionInfo, type HadithMetadata } from './hadith.js';
import type { HadithPageQuery, HadithQuery, HadithStore, ImportedHadith } from './hadith-store.js';

interface StoredHadith {
  number: number;
  textAr: string | null;
  bookNumber: number | null;
  sourceHash: string | null;
  metadata: HadithMetadata;
  translations: Map<string, Translation>;
}

interface StoredCollection {
  info: HadithCollectionInfo;
  books: HadithBook[];
  hadiths: Map<number, StoredHadith>;
}

export class InMemoryHadithStore implements HadithStore, Snapshottable {
  private collections = new Map<string, StoredCollection>();

  async listCollections(slug?: string) {
    return [...this.collections.values()]
      .filter(({ info }) => slug === undefined || info.slug === slug)
      .sort((a, b) => a.info.position - b.info.position || a.info.slug.localeCompare(b.info.slug))
      .map(({ info, hadiths }) => ({
        slug: info.slug,
        name: info.name,
        nameAr: info.nameAr,
        total: [...hadiths.values()].filter((hadith) => hadith.metadata.published).length,
      }));
  }

  async getCollectionInfo(slug: string) {
    const found = this.collections.get(slug);
    return found && { ...found.info };
  }

  async saveCollectionInfo(info: HadithCollectionInfo) {
    const existing = this.collections.get(info.slug);
    if (existing) existing.info = { ...info };
    else this.collections.set(info.slug, { info: { ...info }, books: [], hadiths: new Map() });
  }

  async listBooks(collection: string) {
    return structuredClone(this.collections.get(collection)?.books ?? []);
  }

  async replaceBooks(collection: string, books: HadithBook[]) {
    this.require(collection).books = structuredClone(books).sort((a, b) => a.number - b.number);
  }

  async getHadith(collection: string, number: number, query: HadithQuery = {}) {
    const found = this.collections.get(collection);
    const hadith = found?.hadiths.get(number);
    return hadith && toHadith(found!, hadith, query.locales);
  }

  async listHadiths(collection: string, query: HadithPageQuery) {
    const found = this.collections.get(collection);
    if (!found) return [];
    return this.ordered(found)
      .filter((hadith) => hadith.number > query.startAfter && (query.includeUnpublished || hadith.metadata.published))
      .slice(0, query.limit)
      .map((hadith) => toHadith(found, hadith, query.locales));
  }

  async listPublishedTexts(collection: string, locale: string) {
    const found = this.collections.get(collection);
    if (!found) return [];
    return this.ordered(found)
      .filter((hadith) => hadith.metadata.published)
      .map((hadith) => ({ number: hadith.number, text: locale === ARABIC_LOCALE ? hadith.textAr : (hadith.translations.get(locale)?.text ?? null) }))
      .filter((entry): entry is { number: number; text: string } => entry.text !== null);
  }

  async getTranslation(collection: string, number: number, locale: string) {
    const found = this.collections.get(collection)?.hadiths.get(number)?.translations.get(locale);
    return found && { ...found };
  }

  async putTranslation(collection: string, number: number, translation: Translation) {
    const hadith = this.collections.get(collection)?.hadiths.get(number);
    if (!hadith) throw new Error(`No hadith ${collection}/${number} to translate.`);
    hadith.translations.set(translation.locale, { ...translation });
  }

  async deleteTranslation(collection: string, number: number, locale: string) {
    return this.collections.get(collection)?.hadiths.get(number)?.translations.delete(locale) ?? false;
  }

  async setMetadata(collection: string, number: number, metadata: HadithMetadata) {
    const hadith = this.collections.get(collection)?.hadiths.get(number);
    if (!hadith) return false;
    hadith.metadata = structuredClone(metadata);
    return true;
  }

  async sourceHashes(collection: string) {
    const found = this.collections.get(collection);
    return new Map([...(found?.hadiths.values() ?? [])].map((hadith) => [hadith.number, hadith.sourceHash] as const));
  }

  async writeImported(collection: string, hadiths: ImportedHadith[], updatedAt: string) {
    const target = this.require(collection);
    for (const imported of hadiths) {
      const existing = target.hadiths.get(imported.number);
      const hadith: StoredHadith = existing ?? {
        number: imported.number,
        textAr: null,
        bookNumber: null,
        sourceHash: null,
        metadata: defaultHadithMetadata(imported.narrator),
        translations: new Map(),
      };
      hadith.textAr = imported.textAr;
      hadith.bookNumber = imported.bookNumber;
      hadith.sourceHash = imported.sourceHash;
      hadith.metadata.narrator = imported.narrator;
      for (const [locale, text] of Object.entries(imported.translations)) {
        if (text === null) hadith.translations.delete(locale);
        else if (hadith.translations.get(locale)?.text !== text) hadith.translations.set(locale, { locale, text, updatedAt });
      }
      target.hadiths.set(imported.number, hadith);
    }
  }

  async deleteHadithsAfter(collection: string, lastNumber: number) {
    const found = this.collections.get(collection);
    const doomed = [...(found?.hadiths.keys() ?? [])].filter((number) => number > lastNumber);
    for (const number of doomed) found!.hadiths.delete(number);
    return doomed.length;
  }

  snapshot(): unknown {
    return structuredClone(this.collections);
  }

  restore(snapshot: unknown): void {
    this.collections = structuredClone(snapshot as Map<string, StoredCollection>);
  }

  private require(collection: string): StoredCollection {
    const found = this.collections.get(collection);
    if (!found) throw new Error(`No hadith collection '${collection}': save its info first.`);
    return found;
  }

  private ordered(collection: StoredCollection): StoredHadith[] {
    return [...collection.hadiths.values()].sort((a, b) => a.number - b.number);
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
    text_ar: hadith.textAr,
    translations: Object.fromEntries(translations.map((translation) => [translation.locale, translation.text])),
    narrator: hadith.metadata.narrator,
    grade: hadith.metadata.grade,
    tags: [...hadith.metadata.tags],
    notes: hadith.metadata.notes,
    published: hadith.metadata.published,
    book: book ? { ...book } : null,
  };
}
