import { isStemmedLocale } from '@islamic-data/adapters-kysely';
/**
 * The search index: per resource, a table of indexed documents (one per text: an ayah's or a
 * hadith's Arabic, or one translation) whose id is the rowid of its text in one of two FTS5
 * tables, chosen by language:
 * - `*_search_stemmed`: English (`en`, `en-*`), tokenizer `porter unicode61 remove_diacritics 2`
 *   (case- and accent-insensitive, Porter stemming: "believers" finds "believe");
 * - `*_search_folded`: the Arabic, folded by core's foldArabic, and every other language (Russian,
 *   Turkish, Azerbaijani, …), tokenizer `unicode61 remove_diacritics 2` (case- and
 *   accent-insensitive; SQLite offers no stemmer for them).
 */
export const SEARCH_TABLES = {
  quran: {
    docs: 'quran_search_docs',
    stemmed: 'quran_search_stemmed',
    folded: 'quran_search_folded',
  },
  hadith: {
    docs: 'hadith_search_docs',
    stemmed: 'hadith_search_stemmed',
    folded: 'hadith_search_folded',
  },
} as const;

export type SearchResource = keyof typeof SEARCH_TABLES;
export type SearchTable = 'stemmed' | 'folded';

/** The FTS5 table a language's texts are indexed in. */
export const searchTableOf = (locale: string): SearchTable => (isStemmedLocale(locale) ? 'stemmed' : 'folded');

export const TOKENIZERS: Record<SearchTable, string> = {
  stemmed: 'porter unicode61 remove_diacritics 2',
  folded: 'unicode61 remove_diacritics 2',
};
