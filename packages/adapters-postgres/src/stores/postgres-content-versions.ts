import { CONTENT_AREAS, zeroVersions, type ContentVersions } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Reads the five version rows on every call: one indexed read of a tiny table (well under a millisecond on
 * a pooled connection), which sees every commit of every process the moment it is made.
 */
export function postgresContentVersions(db: Kysely<Database>): ContentVersions {
  return {
    async current() {
      const rows = await db.selectFrom('content_versions').select(['area', 'version']).execute();
      const read = zeroVersions();
      for (const { area, version } of rows) {
        if ((CONTENT_AREAS as readonly string[]).includes(area)) read[area as keyof typeof read] = Number(version);
      }
      return read;
    },
  };
}
