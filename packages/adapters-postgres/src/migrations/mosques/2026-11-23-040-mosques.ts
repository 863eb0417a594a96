import { sql, type Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

/**
 * Mosques with their search columns, all built into PostgreSQL (no extension): `near` is a GiST
 * index on the point (lng, lat) of published mosques, searched by bounding box; `q` is a GIN index
 * on `search_lexemes`, the folded words of the searchable fields (null unless published).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mosques')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('slug', TEXT, (col) => col.notNull().unique())
    .addColumn('name_en', TEXT, (col) => col.notNull())
    .addColumn('name_ar', TEXT)
    .addColumn('address_line1', TEXT, (col) => col.notNull())
    .addColumn('city', TEXT, (col) => col.notNull())
    .addColumn('city_key', TEXT, (col) => col.notNull())
    .addColumn('country', TEXT, (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.check(sql`lat between -90 and 90`))
    .addColumn('lng', 'double precision', (col) => col.check(sql`lng between -180 and 180`))
    .addColumn('denomination', TEXT)
    .addColumn('phone', TEXT)
    .addColumn('website', TEXT)
    .addColumn('email', TEXT)
    .addColumn('description', TEXT)
    .addColumn('languages_json', TEXT, (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', TEXT, (col) =>
      col.notNull().check(sql`status in ('pending', 'published', 'rejected', 'unpublished')`),
    )
    .addColumn('submitter_email', TEXT, (col) => col.notNull())
    .addColumn('moderation_reason', TEXT)
    .addColumn('submitted_at', TEXT, (col) => col.notNull())
    .addColumn('moderated_at', TEXT)
    .addColumn('updated_at', TEXT, (col) => col.notNull())
    .addColumn('search_lexemes', sql`tsvector`)
    .addCheckConstraint(
      'mosques_published_have_coordinates',
      sql`status <> 'published' or (lat is not null and lng is not null)`,
    )
    .execute();
  // Listing without `near` is in slug order: each filter has an index that yields its rows in that order.
  await db.schema.createIndex('mosques_status_slug').on('mosques').columns(['status', 'slug']).execute();
  await db.schema
    .createIndex('mosques_status_country_slug')
    .on('mosques')
    .columns(['status', 'country', 'slug'])
    .execute();
  await db.schema
    .createIndex('mosques_status_city_slug')
    .on('mosques')
    .columns(['status', 'city_key', 'slug'])
    .execute();
  await db.schema.createIndex('mosques_status_submitted').on('mosques').columns(['status', 'submitted_at']).execute();
  await sql`create index mosques_geo on mosques using gist (point(lng, lat)) where status = 'published'`.execute(db);
  await sql`create index mosques_search on mosques using gin (search_lexemes) where search_lexemes is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mosques').execute();
}
