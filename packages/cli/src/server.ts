import { claimDatabaseForServer } from '@islamic-data/adapters-sqlite';
import { KeyUsageRecorder } from '@islamic-data/core';
import { apiRoutes, createApp, createHttpServer, routeId } from '@islamic-data/http-express';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WorkerAnswerBuilder } from './answer-builder.js';
import { composeServices, type CompositionOptions, type Services } from './composition-root.js';
import type { Config } from './config.js';
import { memoryShares } from './memory-budget.js';
import { limitHeapGrowth } from './memory-env.js';
import {
  RequestMetrics,
  shareMetricsWithPrimary,
  startMetricsServer,
  timedStorage,
  type MetricsServer,
} from './metrics.js';
import { prepareContent } from './startup.js';
import { warmUpOrGoOn } from './warm-up.js';

export interface RunningServer {
  server: Server;
  /** `GET /metrics` when METRICS_PORT is set (never in a worker: its primary serves them). */
  metricsUrl: string | undefined;
  deps: Services;
  url: string;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;
/** How often the keys' last uses noted by the requests are written (in one short transaction). */
const KEY_USAGE_FLUSH_MS = 5_000;

/** Notes each verified key's use and writes them every few seconds, off the request path (issue 26, point 1). */
function recordKeyUsage(deps: Services): { keyUsage: KeyUsageRecorder; stop: () => Promise<void> } {
  const keyUsage = new KeyUsageRecorder({
    unitOfWork: deps.unitOfWork,
    onFlushError: (error) => deps.logger.warn({ err: error }, 'keys last used not written yet; retried next flush'),
  });
  const timer = setInterval(() => void keyUsage.flush(), KEY_USAGE_FLUSH_MS).unref();
  return {
    keyUsage,
    stop: async () => {
      clearInterval(timer);
      await keyUsage.flush();
    },
  };
}

export async function startServer(config: Config, options: CompositionOptions = {}): Promise<RunningServer> {
  limitHeapGrowth();
  const deps = await composeServices(config, { ...options, serving: true });
  // One server per SQLite file (a WORKERS=N primary claims it for its workers); any number on PostgreSQL.
  const releaseDatabase =
    deps.database.sqlite && cluster.isPrimary ? claimDatabaseForServer(deps.database.sqlite.file) : () => undefined;
  // Redis first: scaled out, the imports of a first start announce their commits there.
  await deps.rateLimiterReady();
  await prepareContent(deps);
  deps.keepVersionsAnnounced();
  // The city directory (GeoNames) loads now, in a worker thread: the first city request waits for it, no other does.
  const citiesLoaded = deps.cities
    ?.ready?.()
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'the city directory did not load'));
  // METRICS_PORT: the pipeline reports each request to the metrics; a worker's are served by its primary.
  const metrics = config.metricsPort === undefined ? undefined : new RequestMetrics();
  let metricsServer: MetricsServer | undefined;
  if (metrics && cluster.isWorker) shareMetricsWithPrimary(metrics);
  else if (metrics) {
    const source = { contentType: metrics.registry.contentType, metrics: () => metrics.registry.metrics() };
    metricsServer = await startMetricsServer(source, config.metricsPort!, config.host, deps.logger);
  }
  if (metrics) metrics.watchImports(deps.stores.audit);
  const usage = recordKeyUsage(deps);
  // Large answers are built in a worker thread, its heap within its share of MEMORY_BUDGET_MB.
  const answerBuilder = new WorkerAnswerBuilder(memoryShares(config.memoryBudgetMegabytes).answerWorkerHeapMegabytes, {
    onStoreCall: metrics && ((store, method, ms) => metrics.recordStoreCall(store, method, ms)),
    onWorkerFailure: (error) =>
      deps.logger.error({ err: error }, 'the answer worker failed; its builds are made again alone'),
    builtAlone: apiRoutes.filter((route) => route.builtAlone).map(routeId),
  });
  answerBuilder.warmUp();
  if (config.warmUpMs > 0) {
    // After the directory: loading it is the start's peak of memory, which the warm-up's would otherwise add to.
    await citiesLoaded;
    await warmUpOrGoOn({ ...deps, answerBuilder }, config.warmUpMs);
  }
  const app = createApp({
    ...deps,
    keyUsage: usage.keyUsage,
    ...(metrics && { ...timedStorage(deps, metrics), requestObserver: metrics }),
    answerBuilder,
  });
  const server = createHttpServer(app, {
    headersTimeoutSeconds: config.headersTimeoutSeconds,
    requestTimeoutSeconds: config.requestTimeoutSeconds,
    inactivityTimeoutSeconds: config.inactivityTimeoutSeconds,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    trustProxy: config.trustProxy,
    logger: deps.logger,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      releaseDatabase();
      void metricsServer?.close();
      reject(error);
    });
    server.listen(config.port, config.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  deps.logger.info({ url, database: deps.database.name }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      server.close(async () => {
        clearTimeout(force);
        await metricsServer?.close();
        await answerBuilder.close();
        await usage.stop();
        await deps.close();
        releaseDatabase();
        deps.logger.info('stopped');
        resolve();
      });
      server.closeIdleConnections();
    }));
  return { server, deps, url, metricsUrl: metricsServer?.url, close };
}

/** SIGTERM and SIGINT drain the server, then exit. */
export function stopOnSignals(running: RunningServer): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.deps.logger.info({ signal }, 'shutting down');
      void running.close().then(() => process.exit(0));
    });
  }
}
