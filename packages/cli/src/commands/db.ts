import {
  backupDatabase,
  integrityCheck,
  restoreDatabase,
  UnknownKeysInBackup,
  type SqliteDatabase,
} from '@islamic-data/adapters-sqlite';
import { copyToPostgres } from './db-copy.js';
import { Command } from 'commander';
import { loadConfig } from '../config.js';
import { withServices } from '../context.js';
import { print, table } from '../output.js';

export function dbCommand(): Command {
  const db = new Command('db').description('Database maintenance');

  db.command('migrate')
    .description('Apply pending migrations (the server also does this on start)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        // composeServices has already migrated; running again reports that nothing is left.
        const report = await deps.database.migrate();
        print(options.json, { database: deps.database.name, ...report }, () =>
          report.applied.length
            ? `Applied: ${report.applied.join(', ')}`
            : `Schema is up to date (${deps.database.name}).`,
        );
      }),
    );

  db.command('backup')
    .description("Copy the database with SQLite's online backup: safe while the server runs")
    .argument('<file>', 'destination file')
    .option('--json', 'print JSON')
    .action((file: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const sqlite = sqliteOnly(deps.database.sqlite, POSTGRES_BACKUP);
        const { pages, integrity } = await backupDatabase(sqlite.sqlite, file);
        print(
          options.json,
          { file, pages, integrity },
          () => `Backed up ${sqlite.file} to ${file} (${pages} pages, integrity_check: ${integrity}).`,
        );
        if (integrity !== 'ok') process.exitCode = 1;
      }),
    );

  db.command('restore')
    .description('Replace the database with a backup; refuses while a server is serving it')
    .argument('<file>', 'backup file made by db backup')
    .option('--accept-keys', 'restore usable keys that the current database does not have (listed when refused)')
    .option('--json', 'print JSON')
    .action(async (file: string, options: { json?: boolean; acceptKeys?: boolean }) => {
      // Not through withServices: the database being replaced must not be open.
      const { databasePath, databaseUrl } = loadConfig();
      if (databaseUrl) throw new Error(POSTGRES_RESTORE);
      try {
        const { pages, newKeys } = await restoreDatabase(file, databasePath, { acceptKeys: options.acceptKeys });
        print(
          options.json,
          { file, database: databasePath, pages, newKeys },
          () =>
            `Restored ${databasePath} from ${file} (${pages} pages)` +
            (newKeys.length ? `; with ${newKeys.length} key(s) the replaced database did not have.` : '.'),
        );
      } catch (error) {
        if (error instanceof UnknownKeysInBackup)
          process.stderr.write(
            table(
              error.keys.map((key) => ({ ...key })),
              ['id', 'name', 'scopes', 'permissions'],
            ) + '\n',
          );
        throw error;
      }
    });

  db.command('check')
    .description('Run PRAGMA integrity_check')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const result = integrityCheck(sqliteOnly(deps.database.sqlite, POSTGRES_CHECK).sqlite);
        print(options.json, { integrity: result }, () => `integrity_check: ${result}`);
        if (result !== 'ok') process.exitCode = 1;
      }),
    );

  db.command('copy')
    .description('Copy this SQLite deployment (keys, audit log, content, mosques) into an empty PostgreSQL database')
    .requiredOption('--to <url>', 'the PostgreSQL database: postgres://user:password@host:port/database')
    .option('--json', 'print JSON')
    .action((options: { to: string; json?: boolean }) =>
      withServices(async (deps) => {
        const sqlite = sqliteOnly(
          deps.database.sqlite,
          'db copy moves a SQLite deployment to PostgreSQL; DATABASE_URL is set, so this one is on PostgreSQL already.',
        );
        const report = await copyToPostgres(sqlite, options.to);
        print(options.json, report, () =>
          [
            `Copied ${sqlite.file} to ${report.target} in ${report.ms} ms; rows (equal on both sides):`,
            ...Object.entries(report.rows).map(([table, count]) => `  ${table}: ${count}`),
          ].join('\n'),
        );
      }),
    );

  return db;
}

// On PostgreSQL these are the server's own tools' work: the commands say which, rather than pretend.
const POSTGRES_BACKUP =
  'db backup copies the SQLite file; on PostgreSQL (DATABASE_URL) use pg_dump: ' +
  'pg_dump --format=custom --file FILE "$DATABASE_URL".';
const POSTGRES_RESTORE =
  'db restore replaces the SQLite file; on PostgreSQL (DATABASE_URL) use pg_restore: ' +
  'pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" FILE.';
const POSTGRES_CHECK =
  "db check runs SQLite's integrity_check; on PostgreSQL (DATABASE_URL) use pg_amcheck: " +
  'pg_amcheck --heapallindexed "$DATABASE_URL".';

function sqliteOnly(sqlite: SqliteDatabase | undefined, otherwise: string): SqliteDatabase {
  if (!sqlite) throw new Error(otherwise);
  return sqlite;
}
