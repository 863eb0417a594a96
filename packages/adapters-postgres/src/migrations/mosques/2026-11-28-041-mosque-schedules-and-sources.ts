import type { Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

/**
 * A mosque's own schedule (CONTRACT §20, JSON) and, for records imported from OpenStreetMap, the element
 * they came from (`node/123`): unique, so a re-import finds and updates its record instead of adding one.
 * Dated after every earlier migration, which Kysely requires of a database that ran them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mosques').addColumn('schedule_json', TEXT).execute();
  await db.schema.alterTable('mosques').addColumn('osm_id', TEXT).execute();
  await db.schema.createIndex('mosques_osm_id').unique().on('mosques').column('osm_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mosques_osm_id').execute();
  await db.schema.alterTable('mosques').dropColumn('osm_id').execute();
  await db.schema.alterTable('mosques').dropColumn('schedule_json').execute();
}
