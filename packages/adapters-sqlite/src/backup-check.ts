import BetterSqlite3 from 'better-sqlite3';
import { Migrator } from 'kysely';
import { existsSync } from 'node:fs';
import { openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** What SQLite itself may add to a file that this service's migrations did not (ANALYZE's statistics). */
const SQLITE_OWN = /^sqlite_stat\d$/;

const schemaOf = (db: BetterSqlite3.Database): SchemaObject[] =>
  (
    db.prepare('select type, name, tbl_name, sql from sqlite_master order by type, name').all() as SchemaObject[]
  ).filter((object) => !SQLITE_OWN.test(object.name));

/** Names printed in a refusal: a crafted file's names are the crafter's text, so only safe characters pass. */
const shown = (name: string) => (/^[\w.-]{1,64}$/.test(name) ? name : JSON.stringify(name.slice(0, 64)));

function migrationHistory(db: BetterSqlite3.Database): string[] {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!table) return [];
  return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
    (row) => row.name,
  );
}

/**
 * The schema this version's migrations create, up to `lastMigration` (a backup made by an older version has
 * fewer), read from a database in memory migrated to it.
 */
async function referenceSchema(lastMigration: string): Promise<SchemaObject[]> {
  const reference = openDatabase(':memory:');
  try {
    const { error } = await new Migrator({ db: reference.db, provider: migrationProvider }).migrateTo(lastMigration);
    if (error) throw error;
    return schemaOf(reference.sqlite);
  } finally {
    await reference.close();
  }
}

/**
 * Refuses a file that is not a database this service made (issue 26, point 10): its migration history must be
 * this version's migrations or a first part of them (an older version's backup, migrated on the next start),
 * and its tables, indexes, triggers and views exactly those these migrations create — no table, trigger or view
 * more (a trigger would run its own SQL on the server's next write), none less, none different.
 */
export async function checkBackupSchema(source: BetterSqlite3.Database, file: string): Promise<void> {
  const history = migrationHistory(source);
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  if (history.length === 0) throw new Error(`${file} is not a database of this service: it has no migration history.`);
  const unknown = history.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new Error(
      `${file} has migrations this version does not know (${unknown.map(shown).join(', ')}): ` +
        'it was made by a newer version, or is not a backup of this service.',
    );
  if (history.some((name, i) => name !== known[i]))
    throw new Error(`${file} has a migration history with gaps; it is not a backup made by db backup.`);
  const expected = await referenceSchema(history[history.length - 1]!);
  const actual = schemaOf(source);
  const key = (object: SchemaObject) => `${object.type} ${object.name}`;
  const expectedByKey = new Map(expected.map((object) => [key(object), object]));
  const actualByKey = new Map(actual.map((object) => [key(object), object]));
  const problems = [
    ...actual.filter((object) => !expectedByKey.has(key(object))).map((o) => `unknown ${o.type} ${shown(o.name)}`),
    ...expected.filter((object) => !actualByKey.has(key(object))).map((o) => `missing ${o.type} ${shown(o.name)}`),
    ...actual
      .filter((object) => {
        const wanted = expectedByKey.get(key(object));
        return wanted !== undefined && (wanted.sql !== object.sql || wanted.tbl_name !== object.tbl_name);
      })
      .map((o) => `changed ${o.type} ${shown(o.name)}`),
  ];
  if (problems.length > 0)
    throw new Error(
      `${file} does not have the schema this version's migrations create: ${problems.slice(0, 10).join(', ')}` +
        `${problems.length > 10 ? ` and ${problems.length - 10} more` : ''}. Refusing to restore it.`,
    );
}

export interface KeyInBackup {
  id: string;
  name: string;
  scopes: string[];
  permissions: string[];
}

/**
 * The usable keys of a backup (not revoked, not expired) that the database being replaced does not have, with the
 * same id and hash: a backup of this deployment has none (keys created after it are lost, not added); a key only
 * the backup has must be one the operator knows, since anyone holding a crafted file's key would hold its grants.
 */
export function keysNewToDatabase(source: BetterSqlite3.Database, databaseFile: string, now: Date): KeyInBackup[] {
  type Row = { id: string; name: string; key_hash: string; scopes: string; permissions: string };
  const usable = source
    .prepare(
      'select id, name, key_hash, scopes, permissions from api_keys ' +
        'where revoked_at is null and (expires_at is null or expires_at > ?) order by id',
    )
    .all(now.toISOString()) as Row[];
  const current = new Set<string>();
  if (existsSync(databaseFile)) {
    const db = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
    try {
      const hasKeys = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'api_keys'").get();
      if (hasKeys)
        for (const row of db.prepare('select id, key_hash from api_keys').all() as Row[])
          current.add(`${row.id} ${row.key_hash}`);
    } finally {
      db.close();
    }
  }
  const list = (text: string) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.map(String) : [String(text)];
    } catch {
      return [String(text)];
    }
  };
  return usable
    .filter((row) => !current.has(`${row.id} ${row.key_hash}`))
    .map((row) => ({ id: row.id, name: row.name, scopes: list(row.scopes), permissions: list(row.permissions) }));
}
