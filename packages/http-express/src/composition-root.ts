import 'reflect-metadata';
import {
  migrateToLatest,
  openDatabase,
  sqliteStores,
  sqliteUnitOfWork,
  type SqliteDatabase,
} from '@islamic-data/adapters-sqlite';
import { InMemoryRateLimiter, systemClock, type Clock } from '@islamic-data/core';
import { pino, type DestinationStream, type Logger } from 'pino';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Config } from './config.js';
import type { AppDependencies } from './dependencies.js';

/** Injection tokens: core classes carry no decorators, so everything is registered by token. */
export const TOKENS = {
  config: Symbol('Config'),
  clock: Symbol('Clock'),
  logger: Symbol('Logger'),
  database: Symbol('SqliteDatabase'),
  stores: Symbol('Stores'),
  unitOfWork: Symbol('UnitOfWork'),
  rateLimiter: Symbol('RateLimiter'),
} as const;

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
        { level: config.logLevel, redact: { paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', 'key', 'apiKey'], censor: '[redacted]' } },
        options.logDestination,
      ),
    ),
  });
  container.register(TOKENS.database, { useFactory: instanceCachingFactory(() => openDatabase(config.databasePath)) });
  container.register(TOKENS.stores, {
    useFactory: instanceCachingFactory((c) => sqliteStores(c.resolve<SqliteDatabase>(TOKENS.database).db)),
  });
  container.register(TOKENS.unitOfWork, {
    useFactory: instanceCachingFactory((c) => sqliteUnitOfWork(c.resolve<SqliteDatabase>(TOKENS.database).db)),
  });
  // Counting in process memory: one server process per database file is the supported shape.
  container.register(TOKENS.rateLimiter, {
    useFactory: instanceCachingFactory(() => new InMemoryRateLimiter({ limit: config.rateLimitPerMinute, windowMs: 60_000 })),
  });
  return container;
}

export function resolveDependencies(container: DependencyContainer): AppDependencies {
  return {
    config: container.resolve(TOKENS.config),
    clock: container.resolve(TOKENS.clock),
    logger: container.resolve<Logger>(TOKENS.logger),
    database: container.resolve(TOKENS.database),
    stores: container.resolve(TOKENS.stores),
    unitOfWork: container.resolve(TOKENS.unitOfWork),
    rateLimiter: container.resolve(TOKENS.rateLimiter),
  };
}

/** Opens and migrates the database and wires every port: what both the server and the CLI start from. */
export async function composeServices(config: Config, options: CompositionOptions = {}): Promise<AppDependencies> {
  const deps = resolveDependencies(buildContainer(config, options));
  await migrateToLatest(deps.database.db);
  return deps;
}
