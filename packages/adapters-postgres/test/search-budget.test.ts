import { AppError } from '@islamic-data/core';
import { expect } from 'chai';
import { sql } from 'kysely';
import { withSearchBudget } from '../src/index.js';
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

  it('gives other failures through unchanged', async () => {
    const { db } = await fresh();
    const failure = await withSearchBudget(db, (trx) => sql`select * from no_such_table`.execute(trx)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.not.be.instanceOf(AppError);
  });
});
