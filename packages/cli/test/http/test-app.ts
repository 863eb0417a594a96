import { integrityCheck } from '@islamic-data/adapters-sqlite';
import { createApiKey, hashApiKey, type Clock, type CreateKeyInput, type QuranSource } from '@islamic-data/core';
import { apiRoutes, createApp, type RouteDefinition } from '@islamic-data/http-express';
import { loadQuranJson } from '@islamic-data/sources';
import { sharedPostgres, sharedRedis } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import type { HttpApp } from '@islamic-data/http-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { composeServices, type Services } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { assertNoResponseViolations, validatingResponses } from './response-validation.js';

export interface TestApp {
  app: HttpApp;
  deps: Services;
  /** Every log line the app wrote. */
  logs: string[];
  /** Every key issued through `issueKey`, to check that none reached a log. */
  issuedKeys: string[];
  issueKey(input?: Partial<CreateKeyInput>): Promise<{ key: string; id: string }>;
  integrity(): string;
  close(): Promise<void>;
}

export type TestBackend = 'sqlite' | 'postgres-redis';

/**
 * What test apps keep their data in unless a suite says otherwise: a SQLite file, or, when the run
 * sets ISLAMIC_DATA_TEST_BACKEND=postgres-redis (scripts/run-tests.mjs does for some suites), a new
 * database on the test PostgreSQL cluster with the rate limit in the test Redis.
 */
export const TEST_BACKEND: TestBackend =
  process.env.ISLAMIC_DATA_TEST_BACKEND === 'postgres-redis' ? 'postgres-redis' : 'sqlite';

let apps = 0;

/** The real app over a real SQLite file in a temporary folder (or PostgreSQL and Redis), logging into memory. */
export async function startTestApp(
  options: {
    clock?: Clock;
    rateLimitPerMinute?: number;
    extraRoutes?: RouteDefinition[];
    backend?: TestBackend;
    /** A Redis of the suite's own (one it stops and starts), instead of the run's shared one. */
    redisUrl?: string;
    /** TRUST_PROXY, as its configuration reads it (none by default). */
    trustProxy?: string;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-http-'));
  const logs: string[] = [];
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = {
    ...loadConfig(options.trustProxy === undefined ? {} : { TRUST_PROXY: options.trustProxy }),
    databasePath: path.join(dir, 'test.db'),
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100,
    logLevel: 'info',
  };
  const onPostgres = (options.backend ?? TEST_BACKEND) === 'postgres-redis';
  if (onPostgres) {
    config.databaseUrl = await (await sharedPostgres()).createDatabase();
    config.redisUrl = options.redisUrl ?? (await sharedRedis()).url;
  }
  // Every app of the run shares the test Redis: each counts under a prefix of its own, as its own deployment.
  const redisKeyPrefix = `test-${process.pid}-${++apps}:`;
  const deps = await composeServices(config, { clock: options.clock, logDestination, redisKeyPrefix });
  await deps.rateLimiterReady();
  const routes = options.extraRoutes?.length ? [...apiRoutes, ...options.extraRoutes] : apiRoutes;
  // Every response is checked against the document the app serves (response-validation.ts).
  const app = validatingResponses(createApp(deps, routes), routes);
  const issuedKeys: string[] = [];
  return {
    app,
    deps,
    logs,
    issuedKeys,
    async issueKey(input = {}) {
      const issued = await createApiKey(deps, { name: 'Test key', scopes: ['*'], permissions: ['read'], ...input });
      issuedKeys.push(issued.key);
      return { key: issued.key, id: issued.summary.id };
    },
    integrity: () => {
      if (!deps.database.sqlite) throw new Error("integrity_check is SQLite's: this app is on PostgreSQL.");
      return integrityCheck(deps.database.sqlite.sqlite);
    },
    /** Also checks, for every suite, that no issued key nor its hash reached a log line. */
    async close() {
      await deps.close();
      const logged = logs.join('');
      const leaked = issuedKeys.find((key) => logged.includes(key) || logged.includes(hashApiKey(key)));
      rmSync(dir, { recursive: true, force: true });
      if (leaked) throw new Error('An issued API key or its hash appears in the log.');
      assertNoResponseViolations();
    },
  };
}

/** The spec's error envelope exactly: status, only `error`, holding only `code` and a non-empty `message`. */
export function expectErrorEnvelope(response: { status: number; body: any }, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).to.equal(status);
  expect(response.body).to.have.all.keys('error');
  expect(response.body.error).to.have.all.keys('code', 'message');
  expect(response.body.error.code).to.equal(code);
  expect(response.body.error.message).to.be.a('string').and.not.equal('');
}

let quranJson: Promise<QuranSource> | undefined;

/** quran-json's Quran (about 9 MB), read once for the whole run; shared by every suite, so never change it. */
export function quranJsonSource(): Promise<QuranSource> {
  quranJson ??= loadQuranJson();
  return quranJson;
}
