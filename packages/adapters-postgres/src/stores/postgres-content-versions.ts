import { readContentVersions } from '@islamic-data/adapters-kysely';
import type { ContentVersions } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Reads the five version rows on every call: one indexed read of a tiny table (well under a millisecond on
 * a pooled connection), which sees every commit of every process the moment it is made.
 */
export function postgresContentVersions(db: Kysely<Database>): ContentVersions {
  return { current: () => readContentVersions(db) };
}
