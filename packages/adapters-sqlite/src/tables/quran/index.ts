/** The quran tables, merged into the Database interface. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface QuranTables {}
