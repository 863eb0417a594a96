import type {
  HadithSearchHit,
  HadithTextSearch,
  MosqueStore,
  QuranSearchHit,
  QuranTextSearch,
} from '@islamic-data/core';
import type { Kysely } from 'kysely';

/** The resources whose texts are searched. */
export type SearchedResource = 'quran' | 'hadith';

/**
 * What the Quran and Hadith stores leave to the dialect: full-text search (SQLite's FTS5 tables,
 * PostgreSQL's tsvector columns). `DB` is the dialect's own database, which holds its index.
 */
export interface TextSearchDialect<DB> {
  searchAyahs(trx: Kysely<DB>, search: QuranTextSearch): Promise<QuranSearchHit[]>;
  searchHadiths(trx: Kysely<DB>, search: HadithTextSearch): Promise<HadithSearchHit[]>;
  /**
   * Called at the end of every write to a resource's texts, in the writing transaction: brings the index up
   * to date where the database does not do it itself (SQLite's triggers do; PostgreSQL's stores index here).
   */
  indexWrittenTexts(trx: Kysely<DB>, resource: SearchedResource): Promise<void>;
}

/** What the stores leave to the dialect: text search, and the mosque store (its geometry and search indexes). */
export interface StoreDialect<DB> extends TextSearchDialect<DB> {
  mosqueStore(trx: Kysely<DB>): MosqueStore;
}
