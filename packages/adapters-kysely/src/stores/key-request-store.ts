import type { KeyRequestRecord, KeyRequestStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import { fromKeyRequestRow, toKeyRequestRow } from '../tables/key-requests.table.js';

/** `db` is the database or a transaction: the caller decides which. */
export function kyselyKeyRequestStore<DB extends SharedDatabase>(db: Kysely<DB>): KeyRequestStore {
  const trx = sharedTables(db);
  return {
    async insert(record) {
      await trx.insertInto('key_requests').values(toKeyRequestRow(record)).execute();
    },
    async update(record) {
      const { id, ...row } = toKeyRequestRow(record);
      await trx.updateTable('key_requests').set(row).where('id', '=', id).execute();
    },
    async get(id) {
      const row = await trx.selectFrom('key_requests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && fromKeyRequestRow(row);
    },
    async findByClaimTokenHash(hash) {
      const row = await trx
        .selectFrom('key_requests')
        .selectAll()
        .where('claim_token_hash', '=', hash)
        .executeTakeFirst();
      return row && fromKeyRequestRow(row);
    },
    async list(status?: KeyRequestRecord['status']) {
      let query = trx.selectFrom('key_requests').selectAll();
      if (status !== undefined) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      return rows.map(fromKeyRequestRow);
    },
    async countPendingFor(email) {
      const { count } = await trx
        .selectFrom('key_requests')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('status', '=', 'pending')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
