import { backupDatabase, integrityCheck, migrateToLatest, restoreDatabase } from '@islamic-data/adapters-sqlite';
import { Command } from 'commander';
import { loadConfig } from '../config.js';
import { withServices } from '../context.js';
import { print } from '../output.js';

export function dbCommand(): Command {
  const db = new Command('db').description('Database maintenance');

  db.command('migrate')
    .description('Apply pending migrations (the server also does this on start)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        // composeServices has already migrated; running again reports that nothing is left.
        const report = await migrateToLatest(deps.database.db);
        print(options.json, { database: deps.database.file, ...report }, () =>
          report.applied.length
            ? `Applied: ${report.applied.join(', ')}`
            : `Schema is up to date (${deps.database.file}).`,
        );
      }),
    );

  db.command('backup')
    .description("Copy the database with SQLite's online backup: safe while the server runs")
    .argument('<file>', 'destination file')
    .option('--json', 'print JSON')
    .action((file: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const { pages, integrity } = await backupDatabase(deps.database.sqlite, file);
        print(
          options.json,
          { file, pages, integrity },
          () => `Backed up ${deps.database.file} to ${file} (${pages} pages, integrity_check: ${integrity}).`,
        );
        if (integrity !== 'ok') process.exitCode = 1;
      }),
    );

  db.command('restore')
    .description('Replace the database with a backup; refuses while a server is serving it')
    .argument('<file>', 'backup file made by db backup')
    .option('--json', 'print JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      // Not through withServices: the database being replaced must not be open.
      const { databasePath } = loadConfig();
      const { pages } = await restoreDatabase(file, databasePath);
      print(
        options.json,
        { file, database: databasePath, pages },
        () => `Restored ${databasePath} from ${file} (${pages} pages).`,
      );
    });

  db.command('check')
    .description('Run PRAGMA integrity_check')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const result = integrityCheck(deps.database.sqlite);
        print(options.json, { integrity: result }, () => `integrity_check: ${result}`);
        if (result !== 'ok') process.exitCode = 1;
      }),
    );

  return db;
}
