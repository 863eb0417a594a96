import type {
  CityDirectory,
  Clock,
  ContentVersions,
  HealthProbe,
  KeyUsage,
  LocalePolicy,
  PrecomputedAnswers,
  QuranNavigator,
  RateLimiter,
  RateLimitPolicy,
  RequestAdmission,
  Stores,
  UnitOfWork,
} from '@islamic-data/core';
import type { Logger } from 'pino';
import type { RequestObserver } from './pipeline/observe-request.js';
import type { AnswerBuilder } from './pipeline/build-answer.js';

/** What the app and its routes are given: core's ports, bound to adapters by the process that starts the app. */
export interface AppDependencies {
  clock: Clock;
  stores: Stores;
  unitOfWork: UnitOfWork;
  rateLimiter: RateLimiter;
  /**
   * Counts each request and says the content versions, in one call (scaled out: one Redis script); when absent,
   * the rate limiter counts and the content versions port is read (`separateAdmission`).
   */
  admission?: RequestAdmission;
  /** What the representation cache and the key cache check before they answer. */
  contentVersions: ContentVersions;
  /** The representation cache's budget in memory, in bytes (64 MiB when absent). */
  representationCacheBytes?: number;
  /** Its budget in files, for large answers (1 GiB when absent). */
  representationStoredBytes?: number;
  /** Where large answers are kept in files, a folder per process (the system temporary folder when absent). */
  representationDir?: string;
  /** Asked by `GET /health`. */
  health: HealthProbe;
  logger: Logger;
  /** Where each ayah sits in the juz, pages, hizb quarters, rukus and manzils (pure data, built once). */
  quranNavigator: QuranNavigator;
  /** Places by name (`city`, `/cities`); without it `city` is refused with a 400 naming it. */
  cities?: CityDirectory;
  /** Express's `trust proxy` setting: false, a hop count, or a list of addresses (`true` is refused). */
  trustProxy: boolean | number | string;
  /**
   * Answers computed ahead of their requests (`precomputeAnswers`), kept beside the content: a miss of a route with
   * `precomputedPaths` is sent from its precomputed answer while the content versions are the same. None: built.
   */
  precomputedAnswers?: PrecomputedAnswers;
  /**
   * What the code that builds answers is (a digest of it): a precomputed answer of other code (before an upgrade)
   * is never sent, and `precompute` computes it again. `''` when absent.
   */
  answersFormat?: string;
  /** Computes and serialises the answers of `large` routes off the event loop; in the request's turn when absent. */
  answerBuilder?: AnswerBuilder;
  /**
   * Told each verified key's use (a `KeyUsageRecorder` the process flushes every few seconds): keys' `lastUsedAt`
   * is written off the request path. None: not recorded.
   */
  keyUsage?: KeyUsage;
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
