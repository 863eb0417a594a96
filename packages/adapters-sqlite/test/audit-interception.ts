import type { AuditLog, Stores, UnitOfWork } from '@islamic-data/core';
import { sqliteUnitOfWork, type SqliteDatabase } from '../src/index.js';

/**
 * A SQLite unit of work whose audit appends go through `append` (given the real one), e.g. to fail
 * after the write it records has been made, inside the same transaction.
 */
export function interceptAudit(
  database: SqliteDatabase,
  append: (entry: Parameters<AuditLog['append']>[0], real: AuditLog['append']) => ReturnType<AuditLog['append']>,
): UnitOfWork {
  return {
    run: <T>(work: (stores: Stores) => Promise<T>) =>
      sqliteUnitOfWork(database.db).run((stores) => {
        const audit: AuditLog = { ...stores.audit, append: (entry) => append(entry, (e) => stores.audit.append(e)) };
        return work({ ...stores, audit });
      }),
  };
}
