import { writeAtomicityConformance } from '@islamic-data/test-fixtures';
import { sqliteUnitOfWork, type SqliteDatabase } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

/** Every table a content write can touch, whole, for before/after comparisons. */
function dump(database: SqliteDatabase) {
  const all = (table: string) => database.sqlite.prepare(`select * from ${table}`).all();
  return ['quran_ayahs', 'quran_ayah_translations', 'hadiths', 'hadith_translations', 'mosques', 'audit_log'].map(all);
}

describe('SQLite: a write and its audit entry commit together or not at all', () => {
  const fresh = freshDatabase();
  writeAtomicityConformance(async () => {
    const database = await fresh();
    return { unitOfWork: sqliteUnitOfWork(database.db), dump: async () => dump(database) };
  });
});
