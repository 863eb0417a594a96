import type { QuranAyahTranslationsTable } from './ayah-translations.table.js';
import type { QuranAyahsTable } from './ayahs.table.js';
import type { QuranSurahsTable } from './surahs.table.js';

/** The quran tables, merged into the Database interface. */
export interface QuranTables {
  quran_surahs: QuranSurahsTable;
  quran_ayahs: QuranAyahsTable;
  quran_ayah_translations: QuranAyahTranslationsTable;
}
