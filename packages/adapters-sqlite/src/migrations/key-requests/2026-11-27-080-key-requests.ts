import type { Kysely } from 'kysely';

/** Requests for keys (CONTRACT §18): the queue, the decisions and the one-time claims (tokens only hashed). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('key_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('project', 'text', (col) => col.notNull())
    .addColumn('website', 'text')
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('permissions', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('key_id', 'text', (col) => col.references('api_keys.id'))
    .addColumn('claim_token_hash', 'text', (col) => col.unique())
    .addColumn('claim_expires_at', 'text')
    .addColumn('sealed_key', 'text')
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema.createIndex('key_requests_status').on('key_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('key_requests_email').on('key_requests').columns(['email', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('key_requests').execute();
}
