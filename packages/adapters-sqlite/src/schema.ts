import type { SharedDatabase } from '@islamic-data/adapters-kysely';
import type { MosquesFtsTable, MosquesGeoTable } from './tables/mosques/mosque-indexes.table.js';

/** Every table of the database, as Kysely sees it: the shared ones, and the R*Tree and FTS5 indexes of mosques. */
export interface Database extends SharedDatabase {
  mosques_geo: MosquesGeoTable;
  mosques_fts: MosquesFtsTable;
}
