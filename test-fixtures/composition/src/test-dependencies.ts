import { postgresStorage } from '@islamic-data/adapters-postgres';
import {
  closeRedis,
  connectRedis,
  redisRateLimiter,
  redisRequestAdmission,
  redisVersionAnnouncer,
  untilRedisReady,
  type RedisClient,
} from '@islamic-data/adapters-redis';
import { integrityCheck, sqliteStorage, type SqliteDatabase } from '@islamic-data/adapters-sqlite';
import {
  announcingCommits,
  createApiKey,
  createInMemoryStores,
  hashApiKey,
  inMemoryHealthProbe,
  InMemoryPrecomputedAnswers,
  InMemoryRateLimiter,
  QuranNavigator,
  systemClock,
  type Clock,
  type CityDirectory,
  type ContentVersions,
  type PrecomputedAnswers,
  type CreateKeyInput,
  type HealthProbe,
  type RateLimiter,
  type RequestAdmission,
  type Stores,
  type UnitOfWork,
} from '@islamic-data/core';
import { geoNamesCityDirectory, quranMetaLayout } from '@islamic-data/sources';
import { sharedPostgres, sharedRedis } from '@islamic-data/test-fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/**
 * Where a test keeps its data: core's in-memory adapters, a SQLite file in a temporary folder, or a
 * new database on the run's PostgreSQL with the rate limit in its Redis.
 */
export type TestEngine = 'in-memory' | 'sqlite' | 'postgres-redis';

/**
 * The engine of a test that names none: SQLite, or PostgreSQL and Redis when the run sets
 * ISLAMIC_DATA_TEST_BACKEND=postgres-redis (scripts/run-tests.mjs does for its POSTGRES_REDIS_SUITES).
 */
export const TEST_ENGINE: Exclude<TestEngine, 'in-memory'> =
  process.env.ISLAMIC_DATA_TEST_BACKEND === 'postgres-redis' ? 'postgres-redis' : 'sqlite';

/**
 * The fields of http-express's `AppDependencies`, which `createApp` takes. They are named here rather
 * than imported: http-express's tests import this package, so it cannot depend on http-express. A field
 * the app comes to need and this lacks fails their build where they call `createApp`.
 */
export interface TestAppDependencies {
  clock: Clock;
  stores: Stores;
  unitOfWork: UnitOfWork;
  rateLimiter: RateLimiter;
  admission?: RequestAdmission;
  contentVersions: ContentVersions;
  precomputedAnswers: PrecomputedAnswers;
  representationCacheBytes: number;
  health: HealthProbe;
  logger: Logger;
  quranNavigator: QuranNavigator;
  cities?: CityDirectory;
  trustProxy: boolean | number | string;
  submissionLimit?: { limit: number; windowMs: number };
  pendingKeyRequestsPerEmail?: number;
  publicUrl?: string;
}

/** The test's database, whichever engine holds it. */
export interface TestDatabase {
  engine: 'in-memory' | 'sqlite' | 'postgres';
  /** The SQLite database (integrity_check, reading every table); absent on the other engines. */
  sqlite?: SqliteDatabase;
  /** Closes it (a test may close it early: `close()` closes it again harmlessly). */
  close(): Promise<void>;
}

/** The app's dependencies and the database they are bound to. */
export interface TestServices extends TestAppDependencies {
  database: TestDatabase;
}

export interface TestComposition {
  engine: TestEngine;
  deps: TestServices;
  /** Every log line the app wrote (level info). */
  logs: string[];
  /** Every key issued through `issueKey`, to check that none reached a log. */
  issuedKeys: string[];
  /** A key in the key store (every scope and `read` unless `input` says otherwise). */
  issueKey(input?: Partial<CreateKeyInput>): Promise<{ key: string; id: string }>;
  /**
   * The round trips sent so far to PostgreSQL (queries) and Redis (commands), counted on the way out of the
   * real clients (postgres-redis; zero on the other engines, which have no network).
   */
  roundTrips(): { postgres: number; redis: number };
  /** SQLite's integrity_check ('ok' when sound); only on SQLite. */
  integrity(): string;
  /** Closes the database and Redis, and fails when an issued key or its hash appears in the log. */
  close(): Promise<void>;
}

export interface TestCompositionOptions {
  /** TEST_ENGINE unless given. */
  engine?: TestEngine;
  clock?: Clock;
  /** Requests per key (or address) per minute: 100 unless given. */
  rateLimitPerMinute?: number;
  /** A Redis of the test's own (one it stops and starts) instead of the run's shared one: postgres-redis only. */
  redisUrl?: string;
  /** Express's `trust proxy` setting: false unless given. */
  trustProxy?: boolean | number | string;
  /** The representation cache's budget: 64 MiB, the server's default, unless given. */
  representationCacheBytes?: number;
  /** Submissions per address (the app's default, 5 an hour, unless given). */
  submissionLimit?: { limit: number; windowMs: number };
}

let compositions = 0;

/**
 * The app's dependencies for a test, bound to one engine with the same adapters the CLI's composition
 * root chooses: the storage of adapters-sqlite or adapters-postgres (migrated), the rate limit in
 * memory or, with PostgreSQL, in Redis. Logs are kept in memory, unredacted: the CLI's logger redacts
 * key headers as a second guard, so the app itself must never write a key, and `close()` checks it did not.
 */
export async function composeTestDependencies(options: TestCompositionOptions = {}): Promise<TestComposition> {
  const engine = options.engine ?? TEST_ENGINE;
  const policy = { limit: options.rateLimitPerMinute ?? 100, windowMs: 60_000 };
  const logs: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const trips = { postgres: 0, redis: 0 };
  const bound = await bindEngine(engine, policy, options.redisUrl, trips);
  const deps: TestServices = {
    clock: options.clock ?? systemClock,
    logger,
    quranNavigator: new QuranNavigator(quranMetaLayout()),
    cities: geoNamesCityDirectory(),
    trustProxy: options.trustProxy ?? false,
    representationCacheBytes: options.representationCacheBytes ?? 64 * 1024 * 1024,
    ...(options.submissionLimit ? { submissionLimit: options.submissionLimit } : {}),
    ...bound.ports,
  };
  const issuedKeys: string[] = [];
  return {
    engine,
    deps,
    logs,
    issuedKeys,
    async issueKey(input = {}) {
      const issued = await createApiKey(deps, { name: 'Test key', scopes: ['*'], permissions: ['read'], ...input });
      issuedKeys.push(issued.key);
      return { key: issued.key, id: issued.summary.id };
    },
    roundTrips: () => ({ ...trips }),
    integrity() {
      const sqlite = deps.database.sqlite;
      if (!sqlite) throw new Error(`integrity_check is SQLite's: this test is on ${engine}.`);
      return integrityCheck(sqlite.sqlite);
    },
    async close() {
      await bound.close();
      const logged = logs.join('');
      if (issuedKeys.some((key) => logged.includes(key) || logged.includes(hashApiKey(key))))
        throw new Error('An issued API key or its hash appears in the log.');
    },
  };
}

type EnginePorts = Pick<
  TestServices,
  | 'database'
  | 'stores'
  | 'unitOfWork'
  | 'health'
  | 'contentVersions'
  | 'precomputedAnswers'
  | 'rateLimiter'
  | 'admission'
>;

/** The engine's ports, its database migrated, and how to close all it opened. */
async function bindEngine(
  engine: TestEngine,
  policy: { limit: number; windowMs: number },
  redisUrl: string | undefined,
  trips: { postgres: number; redis: number },
): Promise<{ ports: EnginePorts; close(): Promise<void> }> {
  if (engine === 'in-memory') {
    const ports = {
      ...createInMemoryStores(),
      precomputedAnswers: new InMemoryPrecomputedAnswers(),
      database: { engine: 'in-memory' as const, close: async () => undefined },
      health: inMemoryHealthProbe,
      rateLimiter: new InMemoryRateLimiter(policy),
    };
    return { ports, close: async () => undefined };
  }
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-http-'));
    const storage = sqliteStorage(path.join(dir, 'test.db'));
    await storage.database.migrate();
    return {
      ports: { ...storage, rateLimiter: new InMemoryRateLimiter(policy) },
      async close() {
        await storage.database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const storage = postgresStorage(await (await sharedPostgres()).createDatabase(), {
    onQuery: () => (trips.postgres += 1),
  });
  await storage.database.migrate();
  const redis = countingCommands(connectRedis(redisUrl ?? (await sharedRedis()).url), () => (trips.redis += 1));
  await untilRedisReady(redis);
  // Every test of the run shares one Redis: each counts under a prefix of its own, as its own deployment,
  // and publishes its versions in a hash of its own; as the CLI's composition root does, every commit is
  // announced there before the write is answered, and each request is admitted by one script.
  const keyPrefix = `test-${process.pid}-${++compositions}:`;
  const scaledOut = { keyPrefix, versionsKey: `${keyPrefix}versions` };
  const announcer = redisVersionAnnouncer(redis, storage.contentVersions, scaledOut);
  return {
    ports: {
      ...storage,
      unitOfWork: announcingCommits(storage.unitOfWork, () => announcer.announce()),
      rateLimiter: redisRateLimiter(redis, policy, { keyPrefix }),
      admission: redisRequestAdmission(redis, policy, announcer, scaledOut),
    },
    async close() {
      await Promise.all([storage.database.close(), closeRedis(redis)]);
    },
  };
}

/** The client, telling `onCommand` of every command it sends (each one a round trip to Redis). */
function countingCommands(redis: RedisClient, onCommand: () => void): RedisClient {
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<RedisClient['sendCommand']>) => {
    onCommand();
    return sendCommand(...args);
  }) as RedisClient['sendCommand'];
  return redis;
}
