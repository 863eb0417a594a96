// What the benches' child processes share: the real app's services over the database the parent
// prepared (BENCH_DATABASE_PATH), with no rate limit to meet and no log to write, a read key, and a
// listener on a loopback port.
import { createApiKey } from '@islamic-data/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { composeServices, loadConfig, type Services } from '@islamic-data/cli';

export const listen = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<number>((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

export async function benchServices(): Promise<{ deps: Services; key: string }> {
  const deps = await composeServices(
    {
      ...loadConfig({}),
      databasePath: process.env.BENCH_DATABASE_PATH!,
      rateLimitPerMinute: 1_000_000_000,
      logLevel: 'warn',
    },
    { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
  );
  const { key } = await createApiKey(deps, { name: 'Benchmark', scopes: ['*'], permissions: ['read'] });
  return { deps, key };
}
