import type { ApiKeyRecord } from '../keys/api-key.js';
import { parameterError } from '../parameter-error.js';
import { ayahKey } from '../quran/quran.js';
import { isLanguageCode } from '../shared/locale.js';
import { canSeeUnpublished } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';
import type { TextSearch } from './search.js';
import { parseSearchQuery } from './search-query.js';

export const SEARCH_LIMIT = { default: 20, max: 50 } as const;
/** How deep into the ranked hits pages may go. */
export const MAX_SEARCH_DEPTH = 1000;

export interface SearchInput {
  q: string;
  lang?: string;
  limit?: number;
  /** The cursor `nextStartAfter` gave: how many hits were already seen. */
  startAfter?: string;
  /** Unpublished texts are found only by keys that may write. */
  viewer: Pick<ApiKeyRecord, 'permissions'> | null;
}

export interface SearchPage<T> {
  items: T[];
  nextStartAfter: string | null;
}

export interface QuranSearchItem {
  key: string;
  surah: number;
  ayah: number;
  lang: string;
  snippet: string;
}

export interface HadithSearchItem {
  collection: string;
  number: string;
  sequence: number;
  lang: string;
  snippet: string;
}

function textSearchOf(input: SearchInput): TextSearch {
  const terms = parseSearchQuery(input.q);
  if (input.lang !== undefined && !isLanguageCode(input.lang))
    throw parameterError('lang', `lang is not a lowercase BCP 47 language code: '${input.lang}'.`);
  const limit = input.limit ?? SEARCH_LIMIT.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT.max)
    throw parameterError('limit', `limit must be an integer from 1 to ${SEARCH_LIMIT.max}.`);
  const offset = input.startAfter === undefined ? 0 : Number(input.startAfter);
  if (input.startAfter !== undefined && (!/^\d{1,9}$/.test(input.startAfter) || offset > MAX_SEARCH_DEPTH))
    throw parameterError(
      'startAfter',
      `startAfter must be a nextStartAfter of an earlier page (a whole number up to ${MAX_SEARCH_DEPTH}).`,
    );
  return { terms, locale: input.lang, offset, limit: limit + 1, includeUnpublished: canSeeUnpublished(input.viewer) };
}

/** Asked one more hit than the page holds: whether there is a next page. */
function pageOf<T>(hits: T[], search: TextSearch): SearchPage<T> {
  const size = search.limit - 1;
  const next = search.offset + size;
  return {
    items: hits.slice(0, size),
    nextStartAfter: hits.length > size && next < MAX_SEARCH_DEPTH ? `${next}` : null,
  };
}

/** Ranked ayahs whose Arabic or a translation holds the query, best first. */
export async function searchQuran(
  stores: Pick<Stores, 'quran'>,
  input: SearchInput & { surah?: number },
): Promise<SearchPage<QuranSearchItem>> {
  const search = textSearchOf(input);
  if (input.surah !== undefined && !(await stores.quran.getSurah(input.surah)))
    throw parameterError('surah', `surah must be the number of a stored surah, not ${input.surah}.`);
  const hits = await stores.quran.searchAyahs({ ...search, surah: input.surah });
  return pageOf(
    hits.map((hit) => ({
      key: ayahKey(hit.surah, hit.ayah),
      surah: hit.surah,
      ayah: hit.ayah,
      lang: hit.locale,
      snippet: hit.snippet,
    })),
    search,
  );
}

/** Ranked hadiths whose Arabic or a translation holds the query, best first. */
export async function searchHadith(
  stores: Pick<Stores, 'hadith'>,
  input: SearchInput & { collection?: string },
): Promise<SearchPage<HadithSearchItem>> {
  const search = textSearchOf(input);
  if (input.collection !== undefined && !(await stores.hadith.getCollectionInfo(input.collection)))
    throw parameterError(
      'collection',
      `collection must be the slug of a stored collection, not '${input.collection}'.`,
    );
  const hits = await stores.hadith.searchHadiths({ ...search, collection: input.collection });
  return pageOf(
    hits.map((hit) => ({
      collection: hit.collection,
      number: hit.number,
      sequence: hit.sequence,
      lang: hit.locale,
      snippet: hit.snippet,
    })),
    search,
  );
}
