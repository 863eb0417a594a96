import type { HadithBooksTable } from './hadith-books.table.js';
import type { HadithCollectionsTable } from './hadith-collections.table.js';
import type { HadithNumberKeysTable } from './hadith-number-keys.table.js';
import type { HadithTranslationsTable } from './hadith-translations.table.js';
import type { HadithsTable } from './hadiths.table.js';

/** The hadith tables, merged into the Database interface. */
export interface HadithTables {
  hadith_collections: HadithCollectionsTable;
  hadith_books: HadithBooksTable;
  hadiths: HadithsTable;
  hadith_translations: HadithTranslationsTable;
  hadith_number_keys: HadithNumberKeysTable;
}
