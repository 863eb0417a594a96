import type { Kysely } from 'kysely';

/** A rollback entry names the entry it undid. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('reverts_entry_id', 'integer', (col) => col.references('audit_log.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('reverts_entry_id').execute();
}
