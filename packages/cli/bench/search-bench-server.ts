// Child process of search.bench: serves the real app over a database that already holds the Quran,
// and a bare Express 5 route per scenario that sends the bytes the app answered for it, captured
// once (the first, uncached answer, timed). Reports its ports, a read key, the scenarios and those
// times on stdout.
import { createApiKey } from '@islamic-data/core';
import { createApp } from '@islamic-data/http-express';
import { loadQuranJson } from '@islamic-data/sources';
import compression from 'compression';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { composeServices } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';
import { searchScenarios } from './search-scenarios.js';

const listen = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<number>((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

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
const app = `http://127.0.0.1:${await listen(createApp(deps))}`;

const scenarios = searchScenarios(await loadQuranJson());
const bare = express();
bare.use(compression());
const firstAnswerMs: number[] = [];
for (const [i, scenario] of scenarios.entries()) {
  const started = performance.now();
  const response = await fetch(app + scenario.path, { headers: { 'X-API-Key': key } });
  if (!response.ok) throw new Error(`${scenario.path}: ${response.status} ${await response.text()}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  firstAnswerMs.push(performance.now() - started);
  bare.get(`/bare/${i}`, (_req, res) => res.type('application/json').send(bytes));
}
const barePort = await listen(bare);
process.stdout.write(
  JSON.stringify({ app, bare: `http://127.0.0.1:${barePort}`, key, scenarios, firstAnswerMs }) + '\n',
);
process.on('SIGTERM', () => process.exit(0));
