import { AppError } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';

/** The most one search may take on PostgreSQL (issue 26): its statements are cancelled after it. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/**
 * How a search's statements are planned. The indexed texts are read from memory, not from a spinning disk: at
 * the default random_page_cost (4) the planner reads every row of the hadiths to join a frequent word's
 * thousands of matches (a quarter of a second), where index lookups take a third of the CPU. A parallel plan
 * adds its workers' CPU to a search that one process does about as fast on a server busy with other requests.
 */
const SEARCH_PLANNING = { random_page_cost: '1.1', max_parallel_workers_per_gather: '0' };

/**
 * Runs a search's statements with `statement_timeout` and the search's planning settings set for them alone
 * (`set local`: in a transaction of its own; inside a caller's transaction the caller's settings stay). The
 * transaction is opened and set in one round trip: one query of several statements, sent by the simple protocol
 * (no bound value: the settings are constants and a whole number of milliseconds). A cancelled statement
 * (SQLSTATE 57014) becomes 503 SERVICE_UNAVAILABLE, never a 500.
 */
export async function withSearchBudget<DB, T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
  timeoutMs = SEARCH_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  try {
    if (db.isTransaction) return await work(db);
    const settings = { ...SEARCH_PLANNING, statement_timeout: String(Math.max(1, Math.floor(timeoutMs))) };
    const begin = ['begin', ...Object.entries(settings).map(([name, value]) => `set local ${name} = ${value}`)];
    return await db.connection().execute(async (connection) => {
      try {
        await sql.raw(begin.join('; ')).execute(connection);
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        // A connection that failed outright has no transaction left to end; the search's own error is the one told.
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
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
