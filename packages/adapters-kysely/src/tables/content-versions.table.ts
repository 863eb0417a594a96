/**
 * One row per content area (core's ContentArea); triggers raise `version` on every change to its tables (row
 * triggers on SQLite, statement triggers on PostgreSQL).
 */
export interface ContentVersionsTable {
  area: string;
  version: number;
}
