import { Command } from 'commander';
import cluster from 'node:cluster';
import { runWorkers } from '../cluster/workers.js';
import { loadConfig } from '../config.js';
import { startServer, stopOnSignals } from '../server.js';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Migrate the database and serve the API on HOST:PORT until SIGTERM')
    .action(async () => {
      const config = loadConfig();
      if (config.workers > 1 && cluster.isPrimary) return runWorkers(config);
      const running = await startServer(config);
      stopOnSignals(running);
    });
}
