import type { HealthProbe } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Healthy while the server answers a trivial query (a stopped server or a closed pool does not). */
export function postgresHealthProbe(db: Kysely<Database>): HealthProbe {
  return {
    isHealthy: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}
