import type { MosqueStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export function sqliteMosqueStore(_trx: Kysely<Database>): MosqueStore {
  return {};
}
