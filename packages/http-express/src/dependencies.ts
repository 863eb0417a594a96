import type {
  Clock,
  ContentVersions,
  HealthProbe,
  LocalePolicy,
  QuranNavigator,
  RateLimiter,
  RateLimitPolicy,
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
  /** Submissions per client address on routes with `addressLimit: 'submissions'` (5 an hour when absent). */
  submissionLimit?: RateLimitPolicy;
  /** Pending key requests one e-mail address may have (3 when absent). */
  pendingKeyRequestsPerEmail?: number;
  /** The origin links and examples are written with (PUBLIC_URL); the request's own origin when absent. */
  publicUrl?: string;
  /** The locales keys may write translations in and the new ones a key may start a day (any, no cap when absent). */
  localePolicy?: LocalePolicy;
}

/** Five submissions an hour per client address (CONTRACT §18). */
export const DEFAULT_SUBMISSION_LIMIT: RateLimitPolicy = { limit: 5, windowMs: 60 * 60 * 1000 };
