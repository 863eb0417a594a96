import 'reflect-metadata';
import {
  migrateToLatest,
  openDatabase,
  sqliteContentVersions,
  sqliteHealthProbe,
  sqliteStores,
  sqliteUnitOfWork,
  type SqliteDatabase,
} from '@islamic-data/adapters-sqlite';
import { InMemoryRateLimiter, QuranNavigator, systemClock, type Clock } from '@islamic-data/core';
import type { AppDependencies } from '@islamic-data/http-express';
import { quranMetaLayout } from '@islamic-data/sources';
import { pino, type DestinationStream, type Logger } from 'pino';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Config } from './config.js';

/** Injection tokens: core classes carry no decorators, so everything is registered by token. */
export const TOKENS = {
  config: Symbol('Config'),
  clock: Symbol('Clock'),
  logger: Symbol('Logger'),
  database: Symbol('SqliteDatabase'),
  stores: Symbol('Stores'),
  unitOfWork: Symbol('UnitOfWork'),
  rateLimiter: Symbol('RateLimiter'),
  health: Symbol('HealthProbe'),
  quranNavigator: Symbol('QuranNavigator'),
  contentVersions: Symbol('ContentVersions'),
} as const;

/** The app's dependencies, plus what the process itself needs: its configuration and the open database. */
export interface Services extends AppDependencies {
  config: Config;
  database: SqliteDatabase;
}

export interface CompositionOptions {
  clock?: Clock;
  /** Where log lines go (standard output by default). */
  logDestination?: DestinationStream;
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
        options.logDestination,
      ),
    ),
  });
  registerStorage(container, config);
  // The Hafs layout (Madani pages) of the quran-meta package: pure data, read once.
  container.register(TOKENS.quranNavigator, {
    useFactory: instanceCachingFactory(() => new QuranNavigator(quranMetaLayout())),
  });
  // Counting in process memory: one server process per database file is the supported shape.
  container.register(TOKENS.rateLimiter, {
    useFactory: instanceCachingFactory(
      () => new InMemoryRateLimiter({ limit: config.rateLimitPerMinute, windowMs: 60_000 }),
    ),
  });
  return container;
}

/**
 * Stores, unit of work, health probe and content versions over the configured storage: today always the
 * SQLite file at DATABASE_PATH.
 */
function registerStorage(container: DependencyContainer, config: Config): void {
  const database = (c: DependencyContainer) => c.resolve<SqliteDatabase>(TOKENS.database);
  container.register(TOKENS.database, { useFactory: instanceCachingFactory(() => openDatabase(config.databasePath)) });
  container.register(TOKENS.stores, { useFactory: instanceCachingFactory((c) => sqliteStores(database(c).db)) });
  container.register(TOKENS.unitOfWork, {
    useFactory: instanceCachingFactory((c) => sqliteUnitOfWork(database(c).db)),
  });
  container.register(TOKENS.health, {
    useFactory: instanceCachingFactory((c) => sqliteHealthProbe(database(c).sqlite)),
  });
  container.register(TOKENS.contentVersions, {
    useFactory: instanceCachingFactory((c) => sqliteContentVersions(database(c).db, database(c).sqlite)),
  });
}

export function resolveServices(container: DependencyContainer): Services {
  const config = container.resolve<Config>(TOKENS.config);
  return {
    config,
    clock: container.resolve(TOKENS.clock),
    logger: container.resolve<Logger>(TOKENS.logger),
    database: container.resolve(TOKENS.database),
    stores: container.resolve(TOKENS.stores),
    unitOfWork: container.resolve(TOKENS.unitOfWork),
    rateLimiter: container.resolve(TOKENS.rateLimiter),
    health: container.resolve(TOKENS.health),
    quranNavigator: container.resolve(TOKENS.quranNavigator),
    contentVersions: container.resolve(TOKENS.contentVersions),
    representationCacheBytes: config.cacheMegabytes * 1024 * 1024,
    trustProxy: config.trustProxy,
  };
}

/** Opens and migrates the database and wires every port: what the server and every command start from. */
export async function composeServices(config: Config, options: CompositionOptions = {}): Promise<Services> {
  const services = resolveServices(buildContainer(config, options));
  await migrateToLatest(services.database.db);
  return services;
}
