import type { SqliteDatabase } from '@islamic-data/adapters-sqlite';
import type { Clock, RateLimiter, Stores, UnitOfWork } from '@islamic-data/core';
import type { Logger } from 'pino';
import type { Config } from './config.js';

/** What routes and commands are given: ports bound to their adapters by the composition root. */
export interface AppDependencies {
  config: Config;
  clock: Clock;
  database: SqliteDatabase;
  stores: Stores;
  unitOfWork: UnitOfWork;
  rateLimiter: RateLimiter;
  logger: Logger;
}
