import type { SharedDatabase } from '@islamic-data/adapters-kysely';
import type { PostgresMosquesTable } from './tables/mosques/mosques.table.js';

/** Every table of the database, as Kysely sees it: the shared ones, mosques with their search column. */
export interface Database extends SharedDatabase {
  mosques: PostgresMosquesTable;
}
