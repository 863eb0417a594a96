import { sql } from 'kysely';

/**
 * Text compared and ordered byte by byte, whatever the database's locale: slugs, ids, resources and
 * ISO times sort as they do in SQLite and in memory (a locale collation would, for one, ignore hyphens).
 */
export const TEXT = sql`text collate "C"`;
