import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mosques')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('name_ar', 'text')
    .addColumn('address_line1', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('city_key', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('lat', 'real', (col) => col.check(sql`lat between -90 and 90`))
    .addColumn('lng', 'real', (col) => col.check(sql`lng between -180 and 180`))
    .addColumn('denomination', 'text')
    .addColumn('phone', 'text')
    .addColumn('website', 'text')
    .addColumn('email', 'text')
    .addColumn('description', 'text')
    .addColumn('languages_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'published', 'rejected', 'unpublished')`),
    )
    .addColumn('submitter_email', 'text', (col) => col.notNull())
    .addColumn('moderation_reason', 'text')
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('moderated_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
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
  await sql`create virtual table mosques_geo using rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(db);
  await sql`
    create virtual table mosques_fts using fts5(
      name_en, name_ar, address_line1, city, description,
      content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table mosques_fts`.execute(db);
  await sql`drop table mosques_geo`.execute(db);
  await db.schema.dropTable('mosques').execute();
}
