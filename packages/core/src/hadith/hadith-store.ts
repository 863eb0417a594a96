import type { HadithSearchHit, HadithTextSearch } from '../search/search.js';
import type { Translation } from '../shared/translation.js';
import type {
  Hadith,
  HadithBook,
  HadithBookSummary,
  HadithCollection,
  HadithCollectionInfo,
  HadithMetadata,
} from './hadith.js';

export interface HadithQuery {
  /** Translations to include, by language code; absent: every language the hadith has. */
  locales?: string[];
}

export interface HadithPageQuery extends HadithQuery {
  /** Only hadiths after this sequence (keyset pagination). */
  startAfter: number;
  limit: number;
  includeUnpublished: boolean;
  /** Only the hadiths of this book (its number). */
  book?: number;
}

/** Which hadiths a random or daily pick draws from. */
export interface HadithPickFilter {
  collection?: string;
  /** Only hadiths whose Arabic text has at most this many characters (none without Arabic). */
  maxLength?: number;
  includeUnpublished: boolean;
}

export interface HadithText {
  sequence: number;
  number: string;
  text: string;
}

/**
 * Port: reads and edits of the Hadith collections, their books, hadiths (Arabic text and metadata)
 * and their translations by locale. A hadith is addressed by its `sequence` (its position in the
 * collection); `resolveNumber` finds the sequence of a cited number. Hadiths come back in sequence
 * order, translations ordered by locale. What only an import writes is HadithImportStore's.
 */
export interface HadithStore {
  /** Every collection by position (or only the one named `slug`), with `total` = its published hadiths. */
  listCollections(slug?: string): Promise<HadithCollection[]>;
  getCollectionInfo(slug: string): Promise<HadithCollectionInfo | undefined>;
  /** The collection's books by number. */
  listBooks(collection: string): Promise<HadithBook[]>;
  /**
   * The books that have published hadiths, by number, each with the numbers of its first and last
   * published hadith and how many it has.
   */
  listBookSummaries(collection: string): Promise<HadithBookSummary[]>;

  /** The sequence of the hadith a match key (see hadithNumberKey) names, if any. */
  resolveNumber(collection: string, key: string): Promise<number | undefined>;
  /**
   * The hadith a match key names, published or not: `resolveNumber` then `getHadith` in one read, since hadiths
   * are asked for by number (one round trip to a database server, not three).
   */
  getHadithByNumber(collection: string, key: string, query?: HadithQuery): Promise<Hadith | undefined>;
  /** One hadith, published or not. */
  getHadith(collection: string, sequence: number, query?: HadithQuery): Promise<Hadith | undefined>;
  /** Up to `limit` hadiths after `startAfter`, in sequence order: O(limit), never an offset. */
  listHadiths(collection: string, query: HadithPageQuery): Promise<Hadith[]>;
  /** How many hadiths the filter lets through. */
  countHadiths(filter: HadithPickFilter): Promise<number>;
  /** The `n`-th (from 0) of them, by collection position, slug and sequence. */
  nthHadith(filter: HadithPickFilter, n: number, query?: HadithQuery): Promise<Hadith | undefined>;
  /** Published hadiths with text in `locale` (`ar` reads the Arabic original), in order. */
  listPublishedTexts(collection: string, locale: string): Promise<HadithText[]>;

  /**
   * Hadiths whose Arabic (folded, see foldArabic) or a translation holds every wanted term and no
   * excluded one, best first, one hit per hadith and language; the index follows every write and
   * import in the same transaction.
   */
  searchHadiths(search: HadithTextSearch): Promise<HadithSearchHit[]>;

  getTranslation(collection: string, sequence: number, locale: string): Promise<Translation | undefined>;
  /** Creates or replaces the record exactly as given (its `updatedAt` included). The hadith must exist. */
  putTranslation(collection: string, sequence: number, translation: Translation): Promise<void>;
  /** False when there was nothing to delete. */
  deleteTranslation(collection: string, sequence: number, locale: string): Promise<boolean>;
  /** Replaces narrator, grade, tags, notes and published; false when the hadith does not exist. */
  setMetadata(collection: string, sequence: number, metadata: HadithMetadata): Promise<boolean>;
}
