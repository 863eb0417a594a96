import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('editions')
    .addColumn('resource', 'text', (col) => col.notNull().check(sql`resource in ('quran', 'hadith')`))
    // '' for the Quran, so that the primary key covers it (NULLs are never equal in SQL).
    .addColumn('collection', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('translator', 'text')
    .addColumn('attribution', 'text', (col) => col.notNull())
    .addColumn('license', 'text', (col) => col.notNull())
    .addColumn('source_url', 'text', (col) => col.notNull())
    .addColumn('public_domain', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('editions_pk', ['resource', 'collection', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('editions').execute();
}
