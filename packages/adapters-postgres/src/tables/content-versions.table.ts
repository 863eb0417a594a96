/** One row per content area (core's ContentArea); statement triggers raise `version` on every change to its tables. */
export interface ContentVersionsTable {
  area: string;
  version: number;
}
