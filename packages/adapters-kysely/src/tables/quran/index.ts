import type { QuranAyahTranslationsTable } from './ayah-translations.table.js';
import type { QuranAyahsTable } from './ayahs.table.js';
import type { QuranSurahsTable } from './surahs.table.js';
import type { QuranAyahScriptsTable, QuranSurahFactsTable, QuranWordsTable } from './quran-study.table.js';

/** The quran tables, merged into the Database interface. */
export interface QuranTables {
  quran_surahs: QuranSurahsTable;
  quran_ayahs: QuranAyahsTable;
  quran_ayah_translations: QuranAyahTranslationsTable;
  quran_surah_facts: QuranSurahFactsTable;
  quran_ayah_scripts: QuranAyahScriptsTable;
  quran_words: QuranWordsTable;
}
