import type { Stores, UnitOfWork } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { sqliteAuditLog } from './sqlite-audit-log.js';
import { sqliteEditionStore } from './sqlite-edition-store.js';
import { sqliteHadithImportStore } from './sqlite-hadith-import-store.js';
import { sqliteHadithStore } from './sqlite-hadith-store.js';
import { sqliteKeyStore } from './sqlite-key-store.js';
import { sqliteMosqueStore } from './sqlite-mosque-store.js';
import { sqliteQuranStore } from './sqlite-quran-store.js';

/** Every store, bound to `trx` (the database itself, or one connection inside a transaction). */
export function sqliteStores(trx: Kysely<Database>): Stores {
  return {
    keys: sqliteKeyStore(trx),
    audit: sqliteAuditLog(trx),
    editions: sqliteEditionStore(trx),
    quran: sqliteQuranStore(trx),
    hadith: sqliteHadithStore(trx),
    hadithImports: sqliteHadithImportStore(trx),
    mosques: sqliteMosqueStore(trx),
  };
}

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
