import type { HadithBook, HadithCollectionInfo, HadithGrade, HadithInBook } from './hadith.js';

/** A hadith as an import writes it: the source's text, narrator, numbers and grade, and a hash of the source record. */
export interface ImportedHadith {
  /** The hadith's position in the collection, from 1: what the stores key it by. */
  sequence: number;
  /** The number it is cited by, already unique in the collection. */
  number: string;
  citation: string;
  inBook: HadithInBook | null;
  /** The source's grade; it replaces the stored one only where nobody has set the stored one through the API. */
  grade: string | null;
  /** Every grader the source names, in its order (`grade` is the first): absent, the one in `grade`. */
  grades?: HadithGrade[];
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
  /** Creates or replaces the collection's names, position and numbering. */
  saveCollectionInfo(info: HadithCollectionInfo): Promise<void>;
  /** Replaces every book of the collection. */
  replaceBooks(collection: string, books: HadithBook[]): Promise<void>;
  /** The source hash of every stored hadith of the collection, by sequence (null: not imported). */
  sourceHashes(collection: string): Promise<Map<number, string | null>>;
  /**
   * Creates or updates hadiths from an import: new ones get default metadata (narrator and grade
   * from the source); existing ones get the source's text, narrator, numbers, book and hash, take
   * the source's grade only where the stored grade is the one the last import wrote, and keep tags,
   * notes and published. A translation equal to the stored one keeps its `updatedAt`.
   */
  writeImported(collection: string, hadiths: ImportedHadith[], updatedAt: string): Promise<void>;
  /** Removes the hadiths after `lastSequence` (and their translations); returns how many. */
  deleteHadithsAfter(collection: string, lastSequence: number): Promise<number>;
  /** The match keys of the collection's numbers (see assignHadithNumbers), key → sequence. */
  numberKeys(collection: string): Promise<Map<string, number>>;
  replaceNumberKeys(collection: string, keys: Map<string, number>): Promise<void>;
}
