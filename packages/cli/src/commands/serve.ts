import { Command } from 'commander';
import { loadConfig } from '../config.js';
import { startServer, stopOnSignals } from '../server.js';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Migrate the database and serve the API on HOST:PORT until SIGTERM')
    .action(async () => {
      const running = await startServer(loadConfig());
      stopOnSignals(running);
    });
}
