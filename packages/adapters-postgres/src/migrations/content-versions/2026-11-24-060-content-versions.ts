import { sql, type Kysely } from 'kysely';

/**
 * The tables whose changes each content area's version counts, with the columns whose updates count (all
 * when absent): a key's last_used_at is bookkeeping, not a change of what the key may do. As in SQLite.
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
 * One row per content area, raised by statement-level triggers inside the transaction that changes one of
 * its tables, whoever writes (a server, the CLI, an import, a rollback): a rolled-back change raises
 * nothing, and an import of thousands of rows raises its area once per statement, not once per row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('area', 'text', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`create function raise_content_version() returns trigger language plpgsql as $$
    begin
      update content_versions set version = version + 1 where area = tg_argv[0];
      return null;
    end $$`.execute(db);
  for (const [area, tables] of Object.entries(TABLES_BY_AREA)) {
    await db.insertInto('content_versions').values({ area, version: 0 }).execute();
    for (const { table, columns } of tables) {
      const update = columns ? `update of ${columns.join(', ')}` : 'update';
      await sql
        .raw(
          `create trigger ${table}_raises_${area} after insert or delete or ${update} or truncate on ${table} ` +
            `for each statement execute function raise_content_version('${area}')`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [area, tables] of Object.entries(TABLES_BY_AREA)) {
    for (const { table } of tables) await sql.raw(`drop trigger ${table}_raises_${area} on ${table}`).execute(db);
  }
  await sql`drop function raise_content_version()`.execute(db);
  await db.schema.dropTable('content_versions').execute();
}
