import { AppError } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';

/** The most one search may take on PostgreSQL (issue 26): its statements are cancelled after it. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/**
 * Runs a search's statements with `statement_timeout` set for them alone (`set local`, in a transaction
 * of its own; inside a caller's transaction the caller's settings stay). A cancelled statement
 * (SQLSTATE 57014) becomes 503 SERVICE_UNAVAILABLE, never a 500.
 */
export async function withSearchBudget<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
  timeoutMs = SEARCH_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  try {
    if (db.isTransaction) return await work(db);
    return await db.transaction().execute(async (trx) => {
      await sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`).execute(trx);
      return work(trx);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '57014')
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The search took longer than ${timeoutMs} ms and was stopped; search with fewer or longer words.`,
      );
    throw error;
  }
}
