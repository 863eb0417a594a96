import type { Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

/** Requests for keys (CONTRACT §18): the queue, the decisions and the one-time claims (tokens only hashed). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('key_requests')
    .addColumn('id', TEXT, (col) => col.primaryKey())
    .addColumn('name', TEXT, (col) => col.notNull())
    .addColumn('email', TEXT, (col) => col.notNull())
    .addColumn('project', TEXT, (col) => col.notNull())
    .addColumn('website', TEXT)
    .addColumn('scopes', TEXT, (col) => col.notNull())
    .addColumn('permissions', TEXT, (col) => col.notNull())
    .addColumn('note', TEXT)
    .addColumn('status', TEXT, (col) => col.notNull())
    .addColumn('created_at', TEXT, (col) => col.notNull())
    .addColumn('decided_at', TEXT)
    .addColumn('reason', TEXT)
    .addColumn('key_id', TEXT, (col) => col.references('api_keys.id'))
    .addColumn('claim_token_hash', TEXT, (col) => col.unique())
    .addColumn('claim_expires_at', TEXT)
    .addColumn('sealed_key', TEXT)
    .addColumn('claimed_at', TEXT)
    .execute();
  await db.schema.createIndex('key_requests_status').on('key_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('key_requests_email').on('key_requests').columns(['email', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('key_requests').execute();
}
