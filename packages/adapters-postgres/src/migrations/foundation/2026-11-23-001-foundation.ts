import { sql, type Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

/**
 * Keys, the audit log, rate-limit windows and translation editions, as the SQLite schema has them today.
 * The rate-limit windows were never used: 2026-11-26-002-drop-rate-limit-windows drops them again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', TEXT, (col) => col.primaryKey())
    .addColumn('name', TEXT, (col) => col.notNull())
    .addColumn('key_hash', TEXT, (col) => col.notNull().unique())
    .addColumn('scopes', TEXT, (col) => col.notNull())
    .addColumn('permissions', TEXT, (col) => col.notNull())
    .addColumn('expires_at', TEXT)
    .addColumn('revoked_at', TEXT)
    .addColumn('created_at', TEXT, (col) => col.notNull())
    .addColumn('last_used_at', TEXT)
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('at', TEXT, (col) => col.notNull())
    .addColumn('key_id', TEXT)
    .addColumn('key_name', TEXT, (col) => col.notNull())
    .addColumn('action', TEXT, (col) => col.notNull())
    .addColumn('target_json', TEXT)
    .addColumn('resource', TEXT, (col) => col.notNull())
    .addColumn('before_json', TEXT)
    .addColumn('after_json', TEXT)
    .addColumn('reverts_entry_id', 'integer', (col) => col.references('audit_log.id'))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_key_at').on('audit_log').columns(['key_id', 'at']).execute();
  await db.schema.createIndex('audit_log_resource').on('audit_log').column('resource').execute();

  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('bucket', TEXT, (col) => col.primaryKey())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('editions')
    .addColumn('resource', TEXT, (col) => col.notNull().check(sql`resource in ('quran', 'hadith')`))
    // '' for the Quran, so that the primary key covers it (NULLs are never equal in SQL).
    .addColumn('collection', TEXT, (col) => col.notNull().defaultTo(''))
    .addColumn('lang', TEXT, (col) => col.notNull())
    .addColumn('name', TEXT, (col) => col.notNull())
    .addColumn('translator', TEXT)
    .addColumn('attribution', TEXT, (col) => col.notNull())
    .addColumn('license', TEXT, (col) => col.notNull())
    .addColumn('source_url', TEXT, (col) => col.notNull())
    .addColumn('public_domain', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('editions_pk', ['resource', 'collection', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['editions', 'rate_limit_windows', 'audit_log', 'api_keys'])
    await db.schema.dropTable(table).execute();
}
