import type { HealthProbe } from '@islamic-data/core';
import type BetterSqlite3 from 'better-sqlite3';

/** Healthy while the connection answers a trivial query (a closed or unreadable file does not). */
export function sqliteHealthProbe(sqlite: BetterSqlite3.Database): HealthProbe {
  return {
    isHealthy: async () => {
      try {
        sqlite.prepare('select 1').get();
        return true;
      } catch {
        return false;
      }
    },
  };
}
