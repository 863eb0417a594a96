import { InMemoryKeyStore, InMemoryRateLimiter, prepareKey } from '@islamic-data/core';
import {
  apiRoutes,
  CAPTURED_EXAMPLES,
  createApp,
  operationIdOf,
  type AppDependencies,
} from '@islamic-data/http-express';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';

/** What a warm-up did: how many requests it sent itself, their answers by status, in how many milliseconds. */
export interface WarmUpReport {
  requests: number;
  statuses: Record<number, number>;
  ms: number;
}

/** Requests in flight at once: enough to keep the answer worker busy beside the event loop. */
const IN_FLIGHT = 8;
const IN_FLIGHT_GRACE_MS = 500;
const ACCEPTED_ENCODINGS = ['gzip, br', 'gzip', undefined];

/**
 * The documented example of every GET operation (the OpenAPI document's, captured from a server by
 * `npm run capture:examples`), but the whole downloads: each is megabytes built once, which no first request should
 * wait behind.
 */
export function warmUpPaths(): string[] {
  return apiRoutes
    .filter((route) => route.method === 'get' && !route.builtAlone)
    .map((route) => CAPTURED_EXAMPLES[operationIdOf(route)]?.request)
    .filter((example): example is string => example?.startsWith('GET ') ?? false)
    .map((example) => {
      const url = new URL(example.slice('GET '.length), 'http://localhost');
      return url.pathname + url.search;
    });
}

/**
 * A fresh server answers its first second of traffic several times slower than it later does (V8 has compiled
 * nothing yet, SQLite's pages are not in memory), and under load the backlog that builds then takes seconds to
 * drain. So before it listens, the server sends itself the documented example of every GET operation, round after
 * round for `ms` milliseconds, through an app of its own over the same stores and answer worker: its own key (in
 * memory, never stored), its own rate limiter, no cache (each answer is built), no log, no metrics, no key usage.
 * Nothing of it is left but the compiled code and the pages read: the server's cache, limits, keys and audit log
 * are as they were.
 */
export async function warmUp(deps: AppDependencies, ms: number, host = '127.0.0.1'): Promise<WarmUpReport> {
  const started = Date.now();
  const { key, record } = prepareKey({ name: 'warm-up', scopes: ['*'], permissions: ['read'] }, deps.clock.now());
  const keys = new InMemoryKeyStore();
  await keys.insert(record);
  const app = createApp({
    ...deps,
    stores: { ...deps.stores, keys },
    rateLimiter: new InMemoryRateLimiter({ limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }),
    admission: undefined,
    logger: pino({ level: 'silent' }),
    keyUsage: undefined,
    requestObserver: undefined,
    representationCacheBytes: 0,
    representationStoredBytes: 0,
  });
  const server = createServer(app);
  // Exclusive: in a WORKERS=N worker, a port of its own, not one the primary shares out among the workers.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const paths = warmUpPaths();
  let sent = 0;
  let next = 0;
  const statuses: Record<number, number> = {};
  // An example one client waits on is not asked again meanwhile (whatever its place and date): no slow answer holds
  // up more than one client.
  const waitedOn = new Set<string>();
  const deadline = Date.now() + ms;
  const client = async () => {
    while (Date.now() < deadline) {
      const documented = paths[next++ % paths.length]!;
      if (waitedOn.has(documented)) continue;
      const encoding = ACCEPTED_ENCODINGS[sent++ % ACCEPTED_ENCODINGS.length];
      const headers = { 'x-api-key': key, ...(encoding && { 'accept-encoding': encoding }) };
      waitedOn.add(documented);
      const status = await answered(agent, port, varied(documented), headers);
      statuses[status] = (statuses[status] ?? 0) + 1;
      waitedOn.delete(documented);
    }
  };
  // What is in flight at the deadline is waited for (large answers would otherwise be built ahead of the first
  // requests), but not long.
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms + IN_FLIGHT_GRACE_MS)));
  try {
    await Promise.race([Promise.all(Array.from({ length: Math.min(IN_FLIGHT, paths.length) }, client)), timeUp]);
  } finally {
    clearTimeout(timer);
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests: sent, statuses, ms: Date.now() - started };
}

/**
 * The warm-up, logged; one that fails (no loopback port to be had, say) is logged too, and the server listens
 * without it: a warm-up only saves the first requests' time, it is never worth not serving.
 */
export async function warmUpOrGoOn(deps: AppDependencies, ms: number, host?: string): Promise<void> {
  try {
    deps.logger.info(await warmUp(deps, ms, host), 'warmed up');
  } catch (error) {
    deps.logger.warn({ err: error }, 'the warm-up failed; listening without it');
  }
}

/**
 * The path with a place and a date of its own: answers computed for one place and one day would leave V8's code
 * fitted to them, and real traffic asks for any. Coordinates move by up to half a degree, a date to any day of its
 * year.
 */
export function varied(path: string): string {
  const url = new URL(path, 'http://localhost');
  for (const name of ['lat', 'lng']) {
    const value = Number(url.searchParams.get(name));
    if (url.searchParams.has(name) && Number.isFinite(value))
      url.searchParams.set(name, (value + Math.random() - 0.5).toFixed(4));
  }
  const date = /^(\d{4})-\d{2}-\d{2}$/.exec(url.searchParams.get('date') ?? '');
  if (date) {
    const day = new Date(Date.UTC(Number(date[1]), 0, 1 + Math.floor(Math.random() * 365)));
    url.searchParams.set('date', day.toISOString().slice(0, 10));
  }
  return url.pathname + url.search;
}

/** One request's answer read to its end, and its status (0: none came; the warm-up is no test). */
function answered(agent: Agent, port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}
