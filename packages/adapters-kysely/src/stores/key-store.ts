import type { ApiKeyRecord, KeyStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import { fromApiKeyRow, toApiKeyRow } from '../tables/api-keys.table.js';

/** `trx` is the database or a transaction: the caller decides which. */
export function kyselyKeyStore<DB extends SharedDatabase>(db: Kysely<DB>): KeyStore {
  const trx = sharedTables(db);
  return {
    async insert(key: ApiKeyRecord) {
      await trx.insertInto('api_keys').values(toApiKeyRow(key)).execute();
    },
    async findByHash(hash: string) {
      const row = await trx.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
      return row && fromApiKeyRow(row);
    },
    async findById(id: string) {
      const row = await trx.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && fromApiKeyRow(row);
    },
    async list() {
      const rows = await trx.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(fromApiKeyRow);
    },
    async markRevoked(id: string, at: string) {
      const result = await trx
        .updateTable('api_keys')
        .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async markUsed(id: string, at: string) {
      await trx.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}
