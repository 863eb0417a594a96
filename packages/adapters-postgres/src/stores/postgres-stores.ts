import { kyselyQuranStore, kyselyStores, type StoreDialect } from '@islamic-data/adapters-kysely';
import type { Stores } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { searchHadithIndex, searchQuranIndex } from '../search/postgres-search.js';
import { indexSearchText } from '../search/search-vector.js';
import { postgresMosqueStore } from './postgres-mosque-store.js';

const POSTGRES: StoreDialect<Database> = {
  searchAyahs: searchQuranIndex,
  searchHadiths: searchHadithIndex,
  // The words are core's (JavaScript), so each write indexes the texts it left unindexed.
  indexWrittenTexts: indexSearchText,
  mosqueStore: postgresMosqueStore,
};

/** Every store, bound to `trx` (the database itself, or one connection inside a transaction). */
export const postgresStores = (trx: Kysely<Database>): Stores => kyselyStores(trx, POSTGRES);
export const postgresQuranStore = (trx: Kysely<Database>) => kyselyQuranStore(trx, POSTGRES);
