import type { Clock, QuranSource } from '@islamic-data/core';
import { loadQuranJson } from '@islamic-data/sources';
import { composeTestDependencies, type TestComposition, type TestEngine } from '@islamic-data/test-composition';
import { expect } from 'chai';
import { apiRoutes, createApp, type HttpApp, type RouteDefinition } from '../src/index.js';
import { assertNoResponseViolations, validatingResponses } from './response-validation.js';

/** The test composition with the real app over it. */
export interface TestApp extends Omit<TestComposition, 'engine'> {
  app: HttpApp;
}

/**
 * The real app over a real SQLite file in a temporary folder (or, when the run sets
 * ISLAMIC_DATA_TEST_BACKEND=postgres-redis, PostgreSQL and Redis), logging into memory: its
 * dependencies come from the test composition (@islamic-data/test-composition).
 */
export async function startTestApp(
  options: {
    clock?: Clock;
    rateLimitPerMinute?: number;
    extraRoutes?: RouteDefinition[];
    /** TEST_ENGINE (SQLite, or PostgreSQL and Redis) unless given. */
    engine?: TestEngine;
    /** A Redis of the suite's own (one it stops and starts), instead of the run's shared one. */
    redisUrl?: string;
    /** Express's `trust proxy` setting (none by default). */
    trustProxy?: boolean | number | string;
    /** Submissions per address (5 an hour unless given). */
    submissionLimit?: { limit: number; windowMs: number };
  } = {},
): Promise<TestApp> {
  const composition = await composeTestDependencies({
    engine: options.engine,
    clock: options.clock,
    rateLimitPerMinute: options.rateLimitPerMinute,
    redisUrl: options.redisUrl,
    trustProxy: options.trustProxy,
    submissionLimit: options.submissionLimit,
  });
  const routes = options.extraRoutes?.length ? [...apiRoutes, ...options.extraRoutes] : apiRoutes;
  // Every response is checked against the document the app serves (response-validation.ts).
  const app = validatingResponses(createApp(composition.deps, routes), routes);
  return {
    ...composition,
    app,
    /** Also checks, for every suite, that no issued key nor its hash reached a log line. */
    async close() {
      await composition.close();
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
