// Child process of the benchmarks: serves a bare Express 5 route and the real app on loopback
// ports, then reports them (and a read key) to the parent as JSON on stdout.
import { createApiKey } from '@islamic-data/core';
import { createApp } from '@islamic-data/http-express';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { composeServices, loadConfig } from '@islamic-data/cli';

const listen = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<number>((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const bare = express();
bare.get('/bare', (_req, res) => res.json({ data: { ok: true } }));

const databasePath =
  process.env.BENCH_DATABASE_PATH ?? path.join(mkdtempSync(path.join(tmpdir(), 'islamic-data-bench-')), 'bench.db');
const deps = await composeServices(
  { ...loadConfig({}), databasePath, rateLimitPerMinute: 1_000_000_000, logLevel: 'warn' },
  { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
);
const { key } = await createApiKey(deps, { name: 'Benchmark', scopes: ['*'], permissions: ['read'] });

const barePort = await listen(bare);
const appPort = await listen(createApp(deps));
process.stdout.write(
  JSON.stringify({ bare: `http://127.0.0.1:${barePort}`, app: `http://127.0.0.1:${appPort}`, key }) + '\n',
);
// Exit normally on the parent's kill, so that --cpu-prof and similar flags can write their output.
process.on('SIGTERM', () => process.exit(0));
