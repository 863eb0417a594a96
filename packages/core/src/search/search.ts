import type { SearchTerm } from './search-query.js';

/** What a search port is asked: parsed terms, an optional language, and a page of the ranked hits. */
export interface TextSearch {
  terms: SearchTerm[];
  /** Only texts in this language (`ar`: the Arabic original); absent: every language. */
  locale?: string;
  /** Hits to skip, then at most `limit` hits. */
  offset: number;
  limit: number;
  includeUnpublished: boolean;
}

export interface QuranTextSearch extends TextSearch {
  surah?: number;
}

export interface HadithTextSearch extends TextSearch {
  collection?: string;
}

/** One text that matched, best first: where it is, its language and a snippet with the matches marked. */
export interface QuranSearchHit {
  surah: number;
  ayah: number;
  locale: string;
  snippet: string;
}

export interface HadithSearchHit {
  collection: string;
  number: string;
  sequence: number;
  locale: string;
  snippet: string;
}
