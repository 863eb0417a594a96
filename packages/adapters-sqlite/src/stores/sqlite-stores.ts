import { kyselyQuranStore, kyselyStores, type StoreDialect } from '@islamic-data/adapters-kysely';
import type { Stores } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { searchHadithIndex, searchQuranIndex } from '../search/sqlite-search.js';
import { sqliteMosqueStore } from './sqlite-mosque-store.js';

const SQLITE: StoreDialect<Database> = {
  searchAyahs: searchQuranIndex,
  searchHadiths: searchHadithIndex,
  // Triggers keep the FTS5 tables in step with the texts, in the writing statement.
  indexWrittenTexts: async () => undefined,
  mosqueStore: sqliteMosqueStore,
};

/** Every store, bound to `trx` (the database itself, or one connection inside a transaction). */
export const sqliteStores = (trx: Kysely<Database>): Stores => kyselyStores(trx, SQLITE);
export const sqliteQuranStore = (trx: Kysely<Database>) => kyselyQuranStore(trx, SQLITE);
