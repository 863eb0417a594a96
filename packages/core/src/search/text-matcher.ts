import { foldArabicWithOffsets, originalRange } from './arabic-folding.js';
import type { SearchTerm } from './search-query.js';
import type { TextRange } from './snippet.js';

interface Word {
  comparable: string;
  start: number;
  end: number;
}

/** Lowercase, and Latin letters without their accents (as SQLite's unicode61 remove_diacritics does). */
export function comparableWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}

function wordsOf(text: string): Word[] {
  const folded = foldArabicWithOffsets(text);
  return [...folded.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => {
    const [start, end] = originalRange(text, folded.offsets, m.index, m.index + m[0].length);
    return { comparable: comparableWord(m[0]), start, end };
  });
}

export interface TextMatch {
  /** How many times the wanted terms occur. */
  occurrences: number;
  /** Where they occur in the original text. */
  ranges: TextRange[];
}

/**
 * Whether `text` holds every wanted term and no excluded one, matching word by word (no stemming):
 * the plain matcher of the in-memory stores, and the one that marks Arabic snippets.
 */
export function matchText(text: string, terms: readonly SearchTerm[]): TextMatch | undefined {
  const words = wordsOf(text);
  const ranges: TextRange[] = [];
  for (const term of terms) {
    const wanted = term.words.map(comparableWord);
    const found: TextRange[] = [];
    for (let i = 0; i + wanted.length <= words.length; i++) {
      const matches = wanted.every((word, j) => {
        const candidate = words[i + j]!.comparable;
        return term.prefix && j === wanted.length - 1 ? candidate.startsWith(word) : candidate === word;
      });
      if (matches) found.push([words[i]!.start, words[i + wanted.length - 1]!.end]);
    }
    if (term.exclude ? found.length > 0 : found.length === 0) return undefined;
    if (!term.exclude) ranges.push(...found);
  }
  return { occurrences: ranges.length, ranges };
}
