import type { HadithBook, HadithCollectionInfo } from './hadith.js';

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

/** Port: what an import of a collection writes, over the same collections as HadithStore. */
export interface HadithImportStore {
  /** Creates or replaces the collection's names and position. */
  saveCollectionInfo(info: HadithCollectionInfo): Promise<void>;
  /** Replaces every book of the collection. */
  replaceBooks(collection: string, books: HadithBook[]): Promise<void>;
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
