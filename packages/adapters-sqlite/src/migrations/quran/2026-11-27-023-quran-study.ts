import { sql, type Kysely } from 'kysely';

const TABLES = ['quran_surah_facts', 'quran_ayah_scripts', 'quran_words'];

/**
 * CONTRACT §21: Tanzil's surah facts, the ayahs in other scripts (Tanzil Simple, `imlaei`) and the
 * words of the Quranic Arabic Corpus, indexed by root and by lemma in word order. Their changes raise
 * the `quran` content version, as the other Quran tables' do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quran_surah_facts')
    .addColumn('surah', 'integer', (col) => col.primaryKey())
    .addColumn('revelation_order', 'integer', (col) => col.notNull())
    .addColumn('rukus', 'integer', (col) => col.notNull())
    .addColumn('first_page', 'integer', (col) => col.notNull())
    .addColumn('last_page', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('quran_ayah_scripts')
    .addColumn('script', 'text', (col) => col.notNull())
    .addColumn('surah', 'integer', (col) => col.notNull())
    .addColumn('ayah', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('quran_ayah_scripts_pk', ['script', 'surah', 'ayah'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await db.schema
    .createTable('quran_words')
    .addColumn('surah', 'integer', (col) => col.notNull())
    .addColumn('ayah', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text_ar', 'text', (col) => col.notNull())
    .addColumn('gloss_en', 'text', (col) => col.notNull())
    .addColumn('root', 'text')
    .addColumn('lemma', 'text')
    .addColumn('pos', 'text', (col) => col.notNull())
    .addColumn('features', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('quran_words_pk', ['surah', 'ayah', 'position'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await db.schema
    .createIndex('quran_words_by_root')
    .on('quran_words')
    .columns(['root', 'surah', 'ayah', 'position'])
    .execute();
  await db.schema
    .createIndex('quran_words_by_lemma')
    .on('quran_words')
    .columns(['lemma', 'surah', 'ayah', 'position'])
    .execute();
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql
        .raw(
          `create trigger ${table}_raises_quran_${event} after ${event} on ${table} ` +
            `begin update content_versions set version = version + 1 where area = 'quran'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
