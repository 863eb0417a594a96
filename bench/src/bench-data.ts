// Prepares the whole-service bench's database: `import all` (the CLI process) from a loopback raw mirror of
// ../shared/data, 100,000 generated published mosques, the keys the scenarios carry, and the precomputed answers.
import { migrateToLatest, openDatabase, sqliteUnitOfWork } from '@islamic-data/adapters-sqlite';
import { createApiKey } from '@islamic-data/core';
import { generateMosques, serveRawMirror } from '@islamic-data/test-fixtures';
import { Writable } from 'node:stream';
import { composeServices, loadConfig } from '@islamic-data/cli';
import { runCli } from '@islamic-data/cli/process';

async function run(args: string[], env: Record<string, string>): Promise<void> {
  const { code, stderr } = await runCli(args, env);
  if (code !== 0) throw new Error(`${args.join(' ')} failed:\n${stderr}`);
}

/** Every dataset of the manifest, through the operator's own command. */
export async function importAllData(databasePath: string): Promise<void> {
  const mirror = await serveRawMirror();
  try {
    await run(['import', 'all'], { DATABASE_PATH: databasePath, DATA_MIRROR: mirror.url, LOG_LEVEL: 'warn' });
  } finally {
    await mirror.close();
  }
}

/** The large answers the server sends precomputed, through the operator's own command (`precompute`). */
export async function precomputeAnswersOf(database: { DATABASE_PATH: string } | { DATABASE_URL: string }) {
  await run(['precompute'], { ...database, LOG_LEVEL: 'warn' });
}

export async function seedMosques(databasePath: string, count: number): Promise<void> {
  const database = openDatabase(databasePath);
  try {
    await migrateToLatest(database.db);
    await sqliteUnitOfWork(database.db).run((stores) =>
      stores.mosques.insertMany(generateMosques({ count, seed: 2026 })),
    );
  } finally {
    await database.close();
  }
}

/** A read key with every scope, made as `keys create` makes it. */
export async function createReadKey(databasePath: string, name: string): Promise<string> {
  const deps = await composeServices(
    { ...loadConfig({}), databasePath, logLevel: 'warn' },
    { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
  );
  try {
    return (await createApiKey(deps, { name, scopes: ['*'], permissions: ['read'] })).key;
  } finally {
    await deps.database.close();
  }
}
