import type { MosquesFtsTable, MosquesGeoTable } from './mosque-indexes.table.js';
import type { MosquesTable } from './mosques.table.js';

/** The mosques tables, merged into the Database interface. */
export interface MosqueTables {
  mosques: MosquesTable;
  mosques_geo: MosquesGeoTable;
  mosques_fts: MosquesFtsTable;
}
