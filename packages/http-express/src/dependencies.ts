import type {
  Clock,
  ContentVersions,
  HealthProbe,
  QuranNavigator,
  RateLimiter,
  Stores,
  UnitOfWork,
} from '@islamic-data/core';
import type { Logger } from 'pino';
import type { RequestObserver } from './pipeline/observe-request.js';

/** What the app and its routes are given: core's ports, bound to adapters by the process that starts the app. */
export interface AppDependencies {
  clock: Clock;
  stores: Stores;
  unitOfWork: UnitOfWork;
  rateLimiter: RateLimiter;
  /** What the representation cache and the key cache check before they answer. */
  contentVersions: ContentVersions;
  /** The representation cache's budget in bytes (64 MiB when absent). */
  representationCacheBytes?: number;
  /** Asked by `GET /health`. */
  health: HealthProbe;
  logger: Logger;
  /** Where each ayah sits in the juz, pages, hizb quarters, rukus and manzils (pure data, built once). */
  quranNavigator: QuranNavigator;
  /** Express's `trust proxy` setting: false, true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string;
  /** Told about every finished request (metrics); none by default. */
  requestObserver?: RequestObserver;
}
