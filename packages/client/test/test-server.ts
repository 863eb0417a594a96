import { approveMosque, importHadithCollection, importQuran, type Clock } from '@islamic-data/core';
import { createApp, createHttpServer } from '@islamic-data/http-express';
import { loadQuranJson } from '@islamic-data/sources';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { aHadithSource } from '@islamic-data/test-fixtures';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_COLLECTION = 'test-collection';

export interface TestServer {
  url: string;
  composition: TestComposition;
  /** A key with every scope and permission. */
  key: string;
  approveMosque(slug: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real server on a loopback port: the real app (createApp) in Node's HTTP server as `serve` runs it, over
 * the test composition's SQLite file (or PostgreSQL and Redis), with the whole Quran of quran-json and a
 * small synthetic hadith collection imported through the core's use cases.
 */
export async function startTestServer(
  options: { clock?: Clock; rateLimitPerMinute?: number; content?: boolean } = {},
): Promise<TestServer> {
  const composition = await composeTestDependencies({
    clock: options.clock,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000_000,
  });
  const deps = composition.deps;
  if (options.content !== false) {
    await importQuran(deps, await loadQuranJson());
    await importHadithCollection(deps, aHadithSource(5, { slug: TEST_COLLECTION }));
  }
  const { key } = await composition.issueKey({ scopes: ['*'], permissions: ['read', 'write', 'delete'] });
  const server: Server = createHttpServer(createApp(deps), {
    headersTimeoutSeconds: 10,
    requestTimeoutSeconds: 30,
    logger: deps.logger,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    composition,
    key,
    async approveMosque(slug) {
      await approveMosque(deps, slug, { lat: 41.0055, lng: 28.9768 });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await composition.close();
    },
  };
}
