import { foldArabic } from '@islamic-data/core';
import type BetterSqlite3 from 'better-sqlite3';

/** The SQL name of core's foldArabic, which the search triggers index the Arabic with. */
export const FOLD_ARABIC_FUNCTION = 'search_fold_arabic';

/**
 * Registers on a connection the functions the search index's triggers call: every connection that
 * writes Arabic text must have them (openDatabase does), so the index follows each write in its
 * own transaction.
 */
export function registerSearchFunctions(sqlite: BetterSqlite3.Database): void {
  sqlite.function(FOLD_ARABIC_FUNCTION, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldArabic(text) : text,
  );
}
