// The search benchmark's scenarios, derived from the Quran being served (never typed in), so that
// any benchmark runner (search.bench.ts, or a combined `npm run bench`) can load and reuse them.
import { searchWords, type QuranSource } from '@islamic-data/core';

export interface SearchScenario {
  name: string;
  /** The path and query to request, under the app's origin. */
  path: string;
}

const searchPath = (q: string, lang?: string) =>
  `/api/v1/quran/search?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`;

/**
 * 1. the most frequent English word of at least five letters (thousands of hits, ranked);
 * 2. the first Arabic word, in mushaf order, that occurs in exactly one ayah (one hit);
 * 3. a four-word English phrase: words 3 to 6 of 2:255.
 */
export function searchScenarios(quran: QuranSource): SearchScenario[] {
  const english = quran.translations.find((translation) => translation.edition.lang === 'en')!.texts;
  const counts = new Map<string, number>();
  for (const { text } of english)
    for (const word of new Set(searchWords(text))) if (word.length >= 5) counts.set(word, (counts.get(word) ?? 0) + 1);
  const [common, commonCount] = [...counts].sort((a, b) => b[1] - a[1])[0]!;

  const ayahsOf = new Map<string, number>();
  for (const { text } of quran.arabic.texts)
    for (const word of new Set(searchWords(text))) ayahsOf.set(word, (ayahsOf.get(word) ?? 0) + 1);
  const rare = [...ayahsOf].find(([word, count]) => count === 1 && word.length >= 4)![0];

  const throne = english.find((text) => text.surah === 2 && text.ayah === 255)!.text;
  const phrase = searchWords(throne).slice(2, 6).join(' ');
  return [
    { name: `common English word (${commonCount} ayahs)`, path: searchPath(common!, 'en') },
    { name: 'rare Arabic word (1 ayah)', path: searchPath(rare, 'ar') },
    { name: 'English phrase (4 words)', path: searchPath(`"${phrase}"`) },
  ];
}
