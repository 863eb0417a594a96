import type { QuranStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export function sqliteQuranStore(_trx: Kysely<Database>): QuranStore {
  return {};
}
