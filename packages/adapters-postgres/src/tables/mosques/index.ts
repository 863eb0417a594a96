import type { MosquesTable } from './mosques.table.js';

/** The mosques tables, merged into the Database interface. */
export interface MosqueTables {
  mosques: MosquesTable;
}
