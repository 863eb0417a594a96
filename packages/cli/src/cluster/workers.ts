import { claimDatabaseForServer } from '@islamic-data/adapters-sqlite';
import cluster, { type Worker } from 'node:cluster';
import { composeServices, primaryLimiterForWorkers } from '../composition-root.js';
import type { Config } from '../config.js';
import { aggregatedMetricsSource, startMetricsServer } from '../metrics.js';
import { serverMemoryEnv } from '../memory-env.js';
import { prepareContent } from '../startup.js';
import { countForWorkers } from './primary-rate-limiter.js';

/**
 * The primary of `WORKERS=N`: migrates and prepares the database once, then runs N server
 * processes on one port (node:cluster hands connections out in turn). Without Redis it counts the
 * workers' requests itself, so the limit stays exact. A worker that dies is replaced; SIGTERM or
 * SIGINT drains every worker (each finishes its requests in flight), then the primary exits.
 */
export async function runWorkers(config: Config): Promise<void> {
  const deps = await composeServices(config, { logDestination: process.stdout });
  await prepareContent(deps);
  // One deployment per SQLite file, whatever its number of processes.
  const release = deps.database.sqlite ? claimDatabaseForServer(deps.database.sqlite.file) : () => undefined;
  const logger = deps.logger;
  await deps.close();
  const limiter = primaryLimiterForWorkers(config);
  if (limiter) countForWorkers(limiter);

  let stopping = false;
  // glibc reads its malloc settings when a process starts: the primary gives its workers the server's (memory-env.ts).
  const fork = () => cluster.fork({ ISLAMIC_DATA_WORKER: '1', ...serverMemoryEnv(process.env) });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    logger.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  for (let i = 0; i < config.workers; i++) fork();
  logger.info({ workers: config.workers }, 'started workers');
  // METRICS_PORT: the primary's /metrics sums what each live worker counted (prom-client's AggregatorRegistry).
  if (config.metricsPort !== undefined)
    await startMetricsServer(aggregatedMetricsSource(), config.metricsPort, config.host, logger);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      logger.info({ signal }, 'draining workers');
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      void Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      ).then(() => {
        release();
        logger.info('stopped');
        process.exit(0);
      });
    });
  }
}
