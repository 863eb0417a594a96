import { migrateToLatest, openDatabase, sqliteUnitOfWork } from '@islamic-data/adapters-sqlite';
import { importHadithCollection, importQuran, systemClock } from '@islamic-data/core';
import { aHadithSource, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import BetterSqlite3 from 'better-sqlite3';

export const SEEDED_COLLECTION = 'test-collection';

/**
 * Seeds a database file with a small synthetic Quran (surahs of 3, 12 and 2 ayahs, Arabic and
 * `en`) and one synthetic hadith collection, through the real import use cases. A server started
 * on it then skips its first-start import of the whole Quran.
 */
export async function seedSyntheticContent(
  databasePath: string,
  options: { hadiths?: number; textAr?: (number: number) => string } = {},
): Promise<void> {
  const database = openDatabase(databasePath);
  try {
    await migrateToLatest(database.db);
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock: systemClock };
    await importQuran(deps, aSyntheticQuranSource({ languages: ['en'] }));
    const textAr = options.textAr;
    await importHadithCollection(
      deps,
      aHadithSource(options.hadiths ?? 5, {
        slug: SEEDED_COLLECTION,
        hadith: textAr && ((number) => ({ textAr: textAr(number) })),
      }),
    );
  } finally {
    await database.close();
  }
}

/** Opens a database file read-only, hands it to `read` and closes it again, returning what `read` returned. */
export function readDatabase<T>(file: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Every row of the content tables, as stored (translation `updated_at` included). */
export function contentRows(databasePath: string): Record<string, unknown[]> {
  return readDatabase(databasePath, (db) => {
    const rows = (table: string, order: string) => db.prepare(`select * from ${table} order by ${order}`).all();
    return {
      quran_ayahs: rows('quran_ayahs', 'surah, ayah'),
      quran_ayah_translations: rows('quran_ayah_translations', 'surah, ayah, locale'),
      hadiths: rows('hadiths', 'collection, sequence'),
      hadith_translations: rows('hadith_translations', 'collection, sequence, locale'),
    };
  });
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

/** One request to a running server with an API key; the JSON body parsed (null for none). */
export async function callApi(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
