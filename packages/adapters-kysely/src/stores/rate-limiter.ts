import { decide, windowStartOf, type RateLimitPolicy, type RateLimiter } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';

/**
 * Fixed windows counted in the database: for several server processes sharing it (one SQLite file, or
 * PostgreSQL for several machines).
 * One upsert per request; a new window resets the count.
 */
export function kyselyRateLimiter<DB extends SharedDatabase>(
  database: Kysely<DB>,
  policy: RateLimitPolicy,
): RateLimiter {
  const db = sharedTables(database);
  return {
    async consume(bucket: string, now: Date) {
      const start = windowStartOf(now, policy.windowMs);
      const row = await db
        .insertInto('rate_limit_windows')
        .values({ bucket, window_start: start, count: 1 })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet((eb) => ({
            count: eb
              .case()
              .when('rate_limit_windows.window_start', '=', start)
              .then(eb('rate_limit_windows.count', '+', 1))
              .else(1)
              .end(),
            window_start: start,
          })),
        )
        .returning(['window_start', 'count'])
        .executeTakeFirstOrThrow();
      return decide(policy, row.window_start, row.count, now);
    },
  };
}
