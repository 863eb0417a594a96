import type { TextSearch } from './search.js';
import { buildSnippet } from './snippet.js';
import { matchText } from './text-matcher.js';

export interface SearchableText<R> {
  ref: R;
  locale: string;
  text: string;
}

/**
 * The in-memory stores' search: every text matched word by word (no stemming), ranked by how
 * often the terms occur relative to the text's length, ties in the order given.
 */
export function searchInMemory<R>(
  texts: Iterable<SearchableText<R>>,
  search: TextSearch,
): Array<{ ref: R; locale: string; snippet: string }> {
  const hits: Array<{ ref: R; locale: string; snippet: string; score: number }> = [];
  for (const { ref, locale, text } of texts) {
    if (search.locale !== undefined && locale !== search.locale) continue;
    const match = matchText(text, search.terms);
    if (!match) continue;
    hits.push({
      ref,
      locale,
      snippet: buildSnippet(text, match.ranges),
      score: match.occurrences / Math.sqrt(text.length),
    });
  }
  return hits
    .sort((a, b) => b.score - a.score)
    .slice(search.offset, search.offset + search.limit)
    .map(({ ref, locale, snippet }) => ({ ref, locale, snippet }));
}
