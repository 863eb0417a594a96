import type { UnitOfWork } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { postgresStores } from './postgres-stores.js';

/** The advisory lock every unit of work holds until it commits or rolls back (any constant would do). */
const WRITE_LOCK = 0x15_1a_3d_a7;

/**
 * Units of work run one after another across every process on the database, as SQLite's
 * BEGIN IMMEDIATE makes them: each takes one transaction-scoped advisory lock first. A unit reads
 * (a rollback's conflict check, an import's hashes) then writes, so it must see no other unit's
 * writes land in between; under READ COMMITTED each statement after the lock sees every unit
 * committed before it. Readers outside a unit never wait.
 */
export function postgresUnitOfWork(db: Kysely<Database>): UnitOfWork {
  return {
    run: (work) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${sql.lit(WRITE_LOCK)})`.execute(trx);
        return work(postgresStores(trx));
      }),
  };
}
