import { sql, type Kysely } from 'kysely';

/**
 * The tables whose changes each content area's version counts, with the columns whose updates count (all
 * when absent): a key's lastUsedAt is bookkeeping, not a change of what the key may do.
 */
export const TABLES_BY_AREA: Record<string, { table: string; columns?: string[] }[]> = {
  keys: [{ table: 'api_keys', columns: ['name', 'key_hash', 'scopes', 'permissions', 'expires_at', 'revoked_at'] }],
  editions: [{ table: 'editions' }],
  quran: [{ table: 'quran_surahs' }, { table: 'quran_ayahs' }, { table: 'quran_ayah_translations' }],
  hadith: [
    { table: 'hadith_collections' },
    { table: 'hadith_books' },
    { table: 'hadiths' },
    { table: 'hadith_translations' },
    { table: 'hadith_number_keys' },
  ],
  mosques: [{ table: 'mosques' }],
};

/**
 * One row per content area. Triggers raise an area's version inside the transaction that changes one of
 * its tables, whoever writes (the server, the CLI, an import, a rollback), so a rolled-back change raises
 * nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('area', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  for (const [area, tables] of Object.entries(TABLES_BY_AREA)) {
    await db.insertInto('content_versions').values({ area, version: 0 }).execute();
    for (const { table, columns } of tables) {
      const events = ['insert', 'delete', columns ? `update of ${columns.join(', ')}` : 'update'];
      for (const [i, event] of events.entries()) {
        await sql
          .raw(
            `create trigger ${table}_raises_${area}_${['insert', 'delete', 'update'][i]} after ${event} on ${table} ` +
              `begin update content_versions set version = version + 1 where area = '${area}'; end`,
          )
          .execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [area, tables] of Object.entries(TABLES_BY_AREA)) {
    for (const { table } of tables) {
      for (const event of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger ${table}_raises_${area}_${event}`).execute(db);
      }
    }
  }
  await db.schema.dropTable('content_versions').execute();
}
