/**
 * Every column of a table, each named once (one missing or one the table lacks is a compile error), for reads that
 * name their columns rather than select `*`: on PostgreSQL the ayahs, the hadiths and the mosques also hold their
 * search vectors, which `*` would send with every row (read-columns.test.ts in adapters-postgres).
 */
export const columnsOf = <Table>(columns: { [Column in keyof Table]-?: true }) =>
  Object.keys(columns) as (keyof Table & string)[];
