import type { HadithStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export function sqliteHadithStore(_trx: Kysely<Database>): HadithStore {
  return {};
}
