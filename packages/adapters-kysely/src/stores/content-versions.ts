import { CONTENT_AREAS, zeroVersions, type ContentVersionVector } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';

/** The committed version of every content area, read from the `content_versions` rows (an area without one: 0). */
export async function readContentVersions<DB extends SharedDatabase>(db: Kysely<DB>): Promise<ContentVersionVector> {
  const rows = await sharedTables(db).selectFrom('content_versions').select(['area', 'version']).execute();
  const read = zeroVersions();
  for (const { area, version } of rows) {
    if ((CONTENT_AREAS as readonly string[]).includes(area)) read[area as keyof typeof read] = Number(version);
  }
  return read;
}
