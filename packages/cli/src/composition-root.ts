import 'reflect-metadata';
import { postgresStorage } from '@islamic-data/adapters-postgres';
import {
  closeRedis,
  connectRedis,
  redisRateLimiter,
  redisRequestAdmission,
  redisVersionAnnouncer,
  untilRedisReady,
  type RedisClient as Redis,
  type VersionAnnouncer,
} from '@islamic-data/adapters-redis';
import { sqliteStorage, type SqliteDatabase } from '@islamic-data/adapters-sqlite';
import {
  announcingCommits,
  InMemoryRateLimiter,
  QuranNavigator,
  separateAdmission,
  systemClock,
  type Clock,
  type ContentVersions,
  type HealthProbe,
  type PrecomputedAnswers,
  type RequestAdmission,
  type Stores,
  type UnitOfWork,
} from '@islamic-data/core';
import type { AppDependencies } from '@islamic-data/http-express';
import { geoNamesCityDirectory, quranMetaLayout } from '@islamic-data/sources';
import cluster from 'node:cluster';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { pino, type DestinationStream, type Logger } from 'pino';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { primaryRateLimiter } from './cluster/primary-rate-limiter.js';
import { answersFormat } from './answers-format.js';
import type { Config } from './config.js';
import { asyncStdout } from './log-destination.js';
import { memoryShares } from './memory-budget.js';

/** Injection tokens: core classes carry no decorators, so everything is registered by token. */
export const TOKENS = {
  config: Symbol('Config'),
  clock: Symbol('Clock'),
  logger: Symbol('Logger'),
  storage: Symbol('Storage'),
  database: Symbol('Database'),
  stores: Symbol('Stores'),
  unitOfWork: Symbol('UnitOfWork'),
  rateLimiter: Symbol('RateLimiter'),
  redis: Symbol('Redis'),
  health: Symbol('HealthProbe'),
  quranNavigator: Symbol('QuranNavigator'),
  contentVersions: Symbol('ContentVersions'),
  precomputedAnswers: Symbol('PrecomputedAnswers'),
  versionAnnouncer: Symbol('VersionAnnouncer'),
  admission: Symbol('RequestAdmission'),
  cities: Symbol('CityDirectory'),
} as const;

/** The open database, whichever engine it is, as the process and the operator commands see it. */
export interface Database {
  engine: 'sqlite' | 'postgres';
  /** The SQLite file, or the PostgreSQL URL without its password. */
  name: string;
  /** The SQLite database, for what only SQLite has (online backup, restore, integrity_check); absent on PostgreSQL. */
  sqlite?: SqliteDatabase;
  /** Applies pending migrations; safe on every start. */
  migrate(): Promise<{ applied: string[] }>;
  close(): Promise<void>;
}

/**
 * Every port that lives in the database, from one engine: `sqliteStorage` (adapters-sqlite) or
 * `postgresStorage` (adapters-postgres). A new port is a field here, one line in each of them and a
 * token in `registerStorage`.
 */
interface Storage {
  database: Database;
  stores: Stores;
  unitOfWork: UnitOfWork;
  health: HealthProbe;
  contentVersions: ContentVersions;
  precomputedAnswers: PrecomputedAnswers;
}

/** The app's dependencies, plus what the process itself needs: its configuration and the open database. */
export interface Services extends AppDependencies {
  config: Config;
  database: Database;
  /**
   * Waits (5 s at most) for the Redis connection, when there is one; a server that starts without it
   * answers 503 until it connects.
   */
  rateLimiterReady(): Promise<void>;
  /**
   * Scaled out (PostgreSQL and Redis): announces the database's versions to Redis every second, in case a
   * writer could not (it died between its commit and its announcement, or Redis was out of its reach).
   */
  keepVersionsAnnounced(): void;
  /**
   * Closes the database and, when there is one, the Redis connection; scaled out, announces the database's
   * versions first (what a CLI command wrote without a unit of work, such as `db copy`, is then seen too).
   */
  close(): Promise<void>;
}

export interface CompositionOptions {
  clock?: Clock;
  /** Where log lines go (standard output, written asynchronously, by default: `asyncStdout`). */
  logDestination?: DestinationStream;
  /** A server: its SQLite writes wait for another process's lock without blocking (WRITE_WAIT_MS). */
  serving?: boolean;
}

/** The only place that decides which adapter serves which port. */
export function buildContainer(config: Config, options: CompositionOptions = {}): DependencyContainer {
  const container = rootContainer.createChildContainer();
  container.register(TOKENS.config, { useValue: config });
  container.register(TOKENS.clock, { useValue: options.clock ?? systemClock });
  container.register(TOKENS.logger, {
    useFactory: instanceCachingFactory(() =>
      pino(
        {
          level: config.logLevel,
          redact: {
            paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', 'key', 'apiKey'],
            censor: '[redacted]',
          },
        },
        options.logDestination ?? asyncStdout(),
      ),
    ),
  });
  registerStorage(container, config, options.serving ?? false);
  // The Hafs layout (Madani pages) of the quran-meta package: pure data, read once.
  container.register(TOKENS.quranNavigator, {
    useFactory: instanceCachingFactory(() => new QuranNavigator(quranMetaLayout())),
  });
  // GeoNames cities from the installed package, indexed in a worker thread when `serve` starts (or at a command's
  // first lookup): commands that look none up pay nothing.
  container.register(TOKENS.cities, { useFactory: instanceCachingFactory(() => geoNamesCityDirectory()) });
  registerRateLimiter(container, config);
  return container;
}

/**
 * Stores, unit of work, health probe and content versions: PostgreSQL at DATABASE_URL when set, else the
 * SQLite file (DATABASE_PATH).
 */
function registerStorage(container: DependencyContainer, config: Config, serving: boolean): void {
  const writeWaitMs = serving ? config.writeWaitMs : undefined;
  // A server's connections (its own and the answer worker's, the one thread that composes services) have their
  // page caches within MEMORY_BUDGET_MB; a command (an import) keeps SQLite's default.
  const cacheKibibytes =
    serving || !isMainThread ? memoryShares(config.memoryBudgetMegabytes).databaseCacheKibibytes : undefined;
  const storage = (c: DependencyContainer) => c.resolve<Storage>(TOKENS.storage);
  container.register(TOKENS.storage, {
    useFactory: instanceCachingFactory(() =>
      config.databaseUrl
        ? postgresStorage(config.databaseUrl)
        : sqliteStorage(config.databasePath, { writeWaitMs, cacheKibibytes }),
    ),
  });
  container.register(TOKENS.database, { useFactory: instanceCachingFactory((c) => storage(c).database) });
  container.register(TOKENS.stores, { useFactory: instanceCachingFactory((c) => storage(c).stores) });
  // Scaled out, each commit is announced to Redis before the write is answered (or the command goes on).
  container.register(TOKENS.unitOfWork, {
    useFactory: instanceCachingFactory((c) => {
      const announcer = c.resolve<VersionAnnouncer | undefined>(TOKENS.versionAnnouncer);
      const { unitOfWork } = storage(c);
      return announcer ? announcingCommits(unitOfWork, () => announcer.announce()) : unitOfWork;
    }),
  });
  container.register(TOKENS.health, { useFactory: instanceCachingFactory((c) => storage(c).health) });
  container.register(TOKENS.contentVersions, {
    useFactory: instanceCachingFactory((c) => storage(c).contentVersions),
  });
  container.register(TOKENS.precomputedAnswers, {
    useFactory: instanceCachingFactory((c) => storage(c).precomputedAnswers),
  });
}

const policyOf = (config: Config) => ({ limit: config.rateLimitPerMinute, windowMs: 60_000 });

/**
 * Redis at REDIS_URL when set: exact across every process and instance. Otherwise a worker of
 * `WORKERS=N` asks its primary, which counts for all of them (`primaryLimiterForWorkers`), and a
 * single server process counts in its own memory.
 */
function registerRateLimiter(container: DependencyContainer, config: Config): void {
  const policy = policyOf(config);
  container.register(TOKENS.redis, {
    useFactory: instanceCachingFactory(() => (config.redisUrl ? connectRedis(config.redisUrl) : undefined)),
  });
  container.register(TOKENS.rateLimiter, {
    useFactory: instanceCachingFactory((c) => {
      const redis = c.resolve<Redis | undefined>(TOKENS.redis);
      if (redis) return redisRateLimiter(redis, policy);
      if (cluster.isWorker) return primaryRateLimiter();
      return new InMemoryRateLimiter(policy);
    }),
  });
  // On PostgreSQL with Redis, the versions are published in Redis and read with each count (one round trip);
  // on SQLite they are the file's own, probed in memory, so Redis only counts.
  const scaledOut = (c: DependencyContainer) =>
    c.resolve<Redis | undefined>(TOKENS.redis) && c.resolve<Storage>(TOKENS.storage).database.engine === 'postgres';
  container.register(TOKENS.versionAnnouncer, {
    useFactory: instanceCachingFactory((c) =>
      scaledOut(c)
        ? redisVersionAnnouncer(c.resolve<Redis>(TOKENS.redis), c.resolve<ContentVersions>(TOKENS.contentVersions))
        : undefined,
    ),
  });
  container.register(TOKENS.admission, {
    useFactory: instanceCachingFactory((c) => {
      const announcer = c.resolve<VersionAnnouncer | undefined>(TOKENS.versionAnnouncer);
      if (announcer) return redisRequestAdmission(c.resolve<Redis>(TOKENS.redis), policy, announcer);
      return separateAdmission(c.resolve(TOKENS.rateLimiter), c.resolve(TOKENS.contentVersions));
    }),
  });
}

/** How often a server announces the database's versions, whatever the writers announced (scaled out). */
const RESYNC_MS = 1_000;

/** The limiter the primary of `WORKERS=N` counts with for its workers: none when Redis counts. */
export function primaryLimiterForWorkers(config: Config): InMemoryRateLimiter | undefined {
  return config.redisUrl ? undefined : new InMemoryRateLimiter(policyOf(config));
}

/** The representation cache's shares of MEMORY_BUDGET_MB (memory-budget.ts) and where its files are kept. */
function representationBudget(config: Config) {
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const { representationCacheBytes, representationStoredBytes } = memoryShares(config.memoryBudgetMegabytes, engine);
  return {
    representationCacheBytes,
    representationStoredBytes,
    representationDir: config.databaseUrl ? undefined : path.join(path.dirname(config.databasePath), 'representations'),
  };
}

export function resolveServices(container: DependencyContainer): Services {
  const config = container.resolve<Config>(TOKENS.config);
  const database = container.resolve<Database>(TOKENS.database);
  const announcer = container.resolve<VersionAnnouncer | undefined>(TOKENS.versionAnnouncer);
  let resync: NodeJS.Timeout | undefined;
  return {
    config,
    clock: container.resolve(TOKENS.clock),
    logger: container.resolve<Logger>(TOKENS.logger),
    database,
    stores: container.resolve(TOKENS.stores),
    unitOfWork: container.resolve(TOKENS.unitOfWork),
    rateLimiter: container.resolve(TOKENS.rateLimiter),
    admission: container.resolve<RequestAdmission>(TOKENS.admission),
    health: container.resolve(TOKENS.health),
    quranNavigator: container.resolve(TOKENS.quranNavigator),
    contentVersions: container.resolve(TOKENS.contentVersions),
    precomputedAnswers: container.resolve(TOKENS.precomputedAnswers),
    // Read when first asked for: by the server's main thread and by `precompute`, not by other commands or the worker.
    get answersFormat() {
      return answersFormat();
    },
    cities: container.resolve(TOKENS.cities),
    ...representationBudget(config),
    trustProxy: config.trustProxy,
    submissionLimit: { limit: config.keyRequestsPerHour, windowMs: 60 * 60 * 1000 },
    publicUrl: config.publicUrl,
    localePolicy: { accepted: config.acceptedLocales, newLocalesPerKeyPerDay: config.newLocalesPerKeyPerDay },
    async rateLimiterReady() {
      const redis = container.resolve<Redis | undefined>(TOKENS.redis);
      if (redis && !(await untilRedisReady(redis)))
        container.resolve<Logger>(TOKENS.logger).warn('Redis is not reachable yet: requests get 503 until it is');
    },
    keepVersionsAnnounced() {
      if (!announcer || resync) return;
      const logger = container.resolve<Logger>(TOKENS.logger);
      resync = setInterval(() => {
        announcer.announce().catch(() => logger.warn('could not announce the content versions to Redis'));
      }, RESYNC_MS).unref();
    },
    async close() {
      clearInterval(resync);
      const redis = container.resolve<Redis | undefined>(TOKENS.redis);
      await announcer?.announce().catch(() => undefined);
      await Promise.all([database.close(), redis && closeRedis(redis)]);
    },
  };
}

/** Opens and migrates the database and wires every port: what the server and every command start from. */
export async function composeServices(config: Config, options: CompositionOptions = {}): Promise<Services> {
  const services = resolveServices(buildContainer(config, options));
  await services.database.migrate();
  return services;
}
