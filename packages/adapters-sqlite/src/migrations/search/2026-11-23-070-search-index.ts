import { sql, type Kysely } from 'kysely';
import { FOLD_ARABIC_FUNCTION } from '../../search/search-functions.js';
import { isStemmedSql } from '@islamic-data/adapters-kysely';
import { SEARCH_TABLES, TOKENIZERS, type SearchResource } from '../../search/search-tables.js';

/** How one resource's texts reach the index: its key columns, its Arabic and its translations. */
interface IndexedResource {
  resource: SearchResource;
  keys: [string, string];
  keyTypes: [string, string];
  arabicTable: string;
  translationTable: string;
}

const RESOURCES: IndexedResource[] = [
  {
    resource: 'quran',
    keys: ['surah', 'ayah'],
    keyTypes: ['integer', 'integer'],
    arabicTable: 'quran_ayahs',
    translationTable: 'quran_ayah_translations',
  },
  {
    resource: 'hadith',
    keys: ['collection', 'sequence'],
    keyTypes: ['text', 'integer'],
    arabicTable: 'hadiths',
    translationTable: 'hadith_translations',
  },
];

/**
 * The full-text index of the Quran and the Hadith (see search-tables.ts), kept by triggers on the
 * text tables, so every write, import and rollback updates it in its own transaction. The Arabic
 * is indexed folded through FOLD_ARABIC_FUNCTION, which every connection registers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const spec of RESOURCES) {
    const { docs, stemmed, folded } = SEARCH_TABLES[spec.resource];
    const [k1, k2] = spec.keys;
    const [t1, t2] = spec.keyTypes;
    await sql
      .raw(
        `create table ${docs} (id integer primary key, ${k1} ${t1} not null, ${k2} ${t2} not null, locale text not null,
          unique (${k1}, ${k2}, locale))`,
      )
      .execute(db);
    await sql.raw(`create virtual table ${stemmed} using fts5(text, tokenize = '${TOKENIZERS.stemmed}')`).execute(db);
    await sql.raw(`create virtual table ${folded} using fts5(text, tokenize = '${TOKENIZERS.folded}')`).execute(db);
    for (const statement of triggers(spec)) await sql.raw(statement).execute(db);
    await backfill(db, spec);
  }
}

function triggers({ resource, keys: [k1, k2], arabicTable, translationTable }: IndexedResource): string[] {
  const { docs, stemmed, folded } = SEARCH_TABLES[resource];
  const docId = (row: 'new' | 'old', locale: string) =>
    `(select id from ${docs} where ${k1} = ${row}.${k1} and ${k2} = ${row}.${k2} and locale = ${locale})`;
  const addArabic = `
    insert into ${docs} (${k1}, ${k2}, locale) select new.${k1}, new.${k2}, 'ar' where new.text_ar is not null;
    insert into ${folded} (rowid, text)
      select ${docId('new', "'ar'")}, ${FOLD_ARABIC_FUNCTION}(new.text_ar) where new.text_ar is not null;`;
  const removeArabic = `
    delete from ${folded} where rowid = ${docId('old', "'ar'")};
    delete from ${docs} where ${k1} = old.${k1} and ${k2} = old.${k2} and locale = 'ar';`;
  const addTranslation = `
    insert into ${docs} (${k1}, ${k2}, locale) values (new.${k1}, new.${k2}, new.locale);
    insert into ${stemmed} (rowid, text)
      select ${docId('new', 'new.locale')}, new.text where ${isStemmedSql('new.locale')};
    insert into ${folded} (rowid, text)
      select ${docId('new', 'new.locale')}, new.text where not ${isStemmedSql('new.locale')};`;
  const removeTranslation = `
    delete from ${stemmed} where rowid = ${docId('old', 'old.locale')};
    delete from ${folded} where rowid = ${docId('old', 'old.locale')};
    delete from ${docs} where ${k1} = old.${k1} and ${k2} = old.${k2} and locale = old.locale;`;
  return [
    `create trigger ${docs}_arabic_insert after insert on ${arabicTable} begin ${addArabic} end`,
    `create trigger ${docs}_arabic_update after update of text_ar on ${arabicTable}
      when new.text_ar is not old.text_ar begin ${removeArabic} ${addArabic} end`,
    `create trigger ${docs}_arabic_delete after delete on ${arabicTable} begin ${removeArabic} end`,
    `create trigger ${docs}_translation_insert after insert on ${translationTable} begin ${addTranslation} end`,
    `create trigger ${docs}_translation_update after update of text on ${translationTable}
      when new.text is not old.text begin ${removeTranslation} ${addTranslation} end`,
    `create trigger ${docs}_translation_delete after delete on ${translationTable} begin ${removeTranslation} end`,
  ];
}

/** Indexes what the database already holds. */
async function backfill(db: Kysely<any>, { resource, keys: [k1, k2], arabicTable, translationTable }: IndexedResource) {
  const { docs, stemmed, folded } = SEARCH_TABLES[resource];
  const statements = [
    `insert into ${docs} (${k1}, ${k2}, locale)
      select ${k1}, ${k2}, 'ar' from ${arabicTable} where text_ar is not null`,
    `insert into ${docs} (${k1}, ${k2}, locale) select ${k1}, ${k2}, locale from ${translationTable}`,
    `insert into ${folded} (rowid, text) select d.id, ${FOLD_ARABIC_FUNCTION}(a.text_ar) from ${docs} d
      join ${arabicTable} a on a.${k1} = d.${k1} and a.${k2} = d.${k2} where d.locale = 'ar'`,
    `insert into ${stemmed} (rowid, text) select d.id, t.text from ${docs} d
      join ${translationTable} t on t.${k1} = d.${k1} and t.${k2} = d.${k2} and t.locale = d.locale
      where ${isStemmedSql('d.locale')}`,
    `insert into ${folded} (rowid, text) select d.id, t.text from ${docs} d
      join ${translationTable} t on t.${k1} = d.${k1} and t.${k2} = d.${k2} and t.locale = d.locale
      where d.locale <> 'ar' and not ${isStemmedSql('d.locale')}`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const TRIGGER_SUFFIXES = ['insert', 'update', 'delete'].flatMap((event) => [`arabic_${event}`, `translation_${event}`]);

export async function down(db: Kysely<any>): Promise<void> {
  for (const { docs, stemmed, folded } of Object.values(SEARCH_TABLES)) {
    for (const suffix of TRIGGER_SUFFIXES) await sql.raw(`drop trigger ${docs}_${suffix}`).execute(db);
    for (const table of [stemmed, folded]) await sql.raw(`drop table ${table}`).execute(db);
    await sql.raw(`drop table ${docs}`).execute(db);
  }
}
