import {
  createInMemoryStores,
  inMemoryHealthProbe,
  InMemoryRateLimiter,
  QuranNavigator,
  systemClock,
  type Clock,
} from '@islamic-data/core';
import { quranMetaLayout } from '@islamic-data/sources';
import { pino, type Logger } from 'pino';
import { Writable } from 'node:stream';
import type { AppDependencies } from '../src/index.js';

/** The app's dependencies: every port core's in-memory adapter, the Hafs layout, logs kept in `logs`. */
export function inMemoryDeps(
  options: { clock?: Clock; limit?: number; trustProxy?: AppDependencies['trustProxy'] } = {},
) {
  const { stores, unitOfWork, contentVersions } = createInMemoryStores();
  const logs: string[] = [];
  const logger: Logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const deps: AppDependencies = {
    clock: options.clock ?? systemClock,
    stores,
    unitOfWork,
    rateLimiter: new InMemoryRateLimiter({ limit: options.limit ?? 100, windowMs: 60_000 }),
    health: inMemoryHealthProbe,
    contentVersions,
    logger,
    trustProxy: options.trustProxy ?? false,
    quranNavigator: new QuranNavigator(quranMetaLayout()),
  };
  return { deps, logs };
}
