import type { Translation } from '../shared/translation.js';
import type { Hadith, HadithBook, HadithCollection, HadithCollectionInfo, HadithMetadata } from './hadith.js';

export interface HadithQuery {
  /** Translations to include, by language code; absent: every language the hadith has. */
  locales?: string[];
}

export interface HadithPageQuery extends HadithQuery {
  /** Only hadiths numbered above this (keyset pagination). */
  startAfter: number;
  limit: number;
  includeUnpublished: boolean;
}

/** A hadith as an import writes it: the source's text and narrator, and a hash of the source record. */
export interface ImportedHadith {
  number: number;
  textAr: string | null;
  narrator: string | null;
  bookNumber: number | null;
  /** Identifies the source record; an import rewrites only hadiths whose hash changed. */
  sourceHash: string;
  /** Imported translations by locale; null removes that locale's translation. */
  translations: Record<string, string | null>;
}

export interface HadithText {
  number: number;
  text: string;
}

/**
 * Port: the Hadith collections, their books, hadiths (Arabic text and metadata) and their
 * translations by locale. Hadiths come back in number order, translations ordered by locale.
 */
export interface HadithStore {
  /** Every collection by position (or only the one named `slug`), with `total` = its published hadiths. */
  listCollections(slug?: string): Promise<HadithCollection[]>;
  getCollectionInfo(slug: string): Promise<HadithCollectionInfo | undefined>;
  /** Creates or replaces the collection's names and position. */
  saveCollectionInfo(info: HadithCollectionInfo): Promise<void>;
  /** The collection's books by number. */
  listBooks(collection: string): Promise<HadithBook[]>;
  /** Replaces every book of the collection. */
  replaceBooks(collection: string, books: HadithBook[]): Promise<void>;

  /** One hadith, published or not. */
  getHadith(collection: string, number: number, query?: HadithQuery): Promise<Hadith | undefined>;
  /** Up to `limit` hadiths numbered above `startAfter`, in order: O(limit), never an offset. */
  listHadiths(collection: string, query: HadithPageQuery): Promise<Hadith[]>;
  /** Published hadiths with text in `locale` (`ar` reads the Arabic original), in order. */
  listPublishedTexts(collection: string, locale: string): Promise<HadithText[]>;

  getTranslation(collection: string, number: number, locale: string): Promise<Translation | undefined>;
  /** Creates or replaces the record exactly as given (its `updatedAt` included). The hadith must exist. */
  putTranslation(collection: string, number: number, translation: Translation): Promise<void>;
  /** False when there was nothing to delete. */
  deleteTranslation(collection: string, number: number, locale: string): Promise<boolean>;
  /** Replaces narrator, grade, tags, notes and published; false when the hadith does not exist. */
  setMetadata(collection: string, number: number, metadata: HadithMetadata): Promise<boolean>;

  /** The source hash of every stored hadith of the collection, by number (null: not imported). */
  sourceHashes(collection: string): Promise<Map<number, string | null>>;
  /**
   * Creates or updates hadiths from an import: new ones get default metadata (narrator from the
   * source); existing ones get the source's text, narrator, book and hash and keep grade, tags,
   * notes and published. A translation equal to the stored one keeps its `updatedAt`.
   */
  writeImported(collection: string, hadiths: ImportedHadith[], updatedAt: string): Promise<void>;
  /** Removes the hadiths numbered above `lastNumber` (and their translations); returns how many. */
  deleteHadithsAfter(collection: string, lastNumber: number): Promise<number>;
}
