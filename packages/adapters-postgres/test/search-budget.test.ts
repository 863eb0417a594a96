import { AppError } from '@islamic-data/core';
import { expect } from 'chai';
import { sql } from 'kysely';
import { openPostgresDatabase, withSearchBudget } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

/** Issue 26, point 4: a search's statements are bounded in time on PostgreSQL. */
describe('PostgreSQL: the time budget of a search', () => {
  startsPostgres();
  const fresh = freshDatabase();

  it('cancels a statement past the budget with 503 SERVICE_UNAVAILABLE, and leaves the pool as it was', async () => {
    const { db } = await fresh();
    const slow = await withSearchBudget(db, (trx) => sql`select pg_sleep(2)`.execute(trx), 100).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(slow).to.be.instanceOf(AppError);
    expect(slow).to.include({ code: 'SERVICE_UNAVAILABLE' });
    expect((slow as Error).message).to.include('100 ms');

    const quick = await withSearchBudget(
      db,
      async (trx) => (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows,
    );
    expect(quick).to.deep.equal([{ n: 1 }]);
    const timeouts = await Promise.all(
      [1, 2, 3, 4].map(
        async () =>
          (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0]!.statement_timeout,
      ),
    );
    expect(timeouts).to.deep.equal(['0', '0', '0', '0']);
  });

  it('sets the budget and the planning of its statements in the round trip that opens its transaction', async () => {
    let queries = 0;
    const database = openPostgresDatabase((await fresh()).url, { maxConnections: 1, onQuery: () => queries++ });
    try {
      const inside = await withSearchBudget(
        database.db,
        async (trx) =>
          (
            await sql<{ timeout: string; cost: string; workers: string }>`select
              current_setting('statement_timeout') as timeout, current_setting('random_page_cost') as cost,
              current_setting('max_parallel_workers_per_gather') as workers`.execute(trx)
          ).rows[0],
        250,
      );
      expect(inside).to.deep.include({ timeout: '250ms', cost: '1.1', workers: '0' });
      expect(queries).to.equal(3);
      const after = (
        await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(database.db)
      ).rows[0];
      expect(after).to.deep.equal({ timeout: '0' });
    } finally {
      await database.close();
    }
  });

  it('gives other failures through unchanged', async () => {
    const { db } = await fresh();
    const failure = await withSearchBudget(db, (trx) => sql`select * from no_such_table`.execute(trx)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.not.be.instanceOf(AppError);
  });
});
