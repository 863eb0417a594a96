import { loadConfig, startServer, stopOnSignals } from '@islamic-data/http-express';
import { Command } from 'commander';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Migrate the database and serve the API on HOST:PORT until SIGTERM')
    .action(async () => {
      const running = await startServer(loadConfig());
      stopOnSignals(running);
    });
}
