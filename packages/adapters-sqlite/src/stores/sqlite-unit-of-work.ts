import type { UnitOfWork } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { sqliteStores } from './sqlite-stores.js';

/**
 * Transactions start with BEGIN IMMEDIATE: the write lock is taken up front, so a transaction
 * that reads then writes cannot fail half-way because another process wrote in between.
 */
export function sqliteUnitOfWork(db: Kysely<Database>): UnitOfWork {
  return {
    run: (work) =>
      db.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          const result = await work(sqliteStores(connection));
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection);
          throw error;
        }
      }),
  };
}
