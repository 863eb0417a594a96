import {
  comparableWord,
  foldArabicWithOffsets,
  originalRange,
  type SearchTerm,
  type TextRange,
} from '@islamic-data/core';

/** A word of a text: as a search compares it, and where it stands in the original text. */
export interface TextWord {
  comparable: string;
  start: number;
  end: number;
}

/**
 * The words of `text` in order, as core's matchText reads them (runs of letters and digits of the
 * Arabic-folded text); `comparable` is core's comparableWord, or a memo of it shared by the texts of a page.
 */
export function textWords(text: string, comparable: (word: string) => string = comparableWord): TextWord[] {
  const folded = foldArabicWithOffsets(text);
  return [...folded.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => {
    const [start, end] = originalRange(text, folded.offsets, m.index, m.index + m[0].length);
    return { comparable: comparable(m[0]), start, end };
  });
}

/**
 * Where the wanted terms occur among a text's `words` (textWords): each occurrence of a word, or of a whole
 * phrase (one range), as FTS5's highlight() marks them. Core's matchText, plus stems: given `stems` (an
 * English text), a word also matches another of the same stem, as the index matched it.
 */
export function markedRanges(
  words: readonly TextWord[],
  terms: readonly SearchTerm[],
  stems: ReadonlyMap<string, string> | undefined,
): TextRange[] {
  const same = (candidate: string, wanted: string) => {
    if (candidate === wanted) return true;
    const stem = stems?.get(wanted);
    return stem !== undefined && stems!.get(candidate) === stem;
  };
  const ranges: TextRange[] = [];
  for (const term of terms.filter((t) => !t.exclude)) {
    const wanted = term.words.map(comparableWord);
    for (let i = 0; i + wanted.length <= words.length; i++) {
      const matches = wanted.every((word, j) => {
        const candidate = words[i + j]!.comparable;
        return term.prefix && j === wanted.length - 1 ? candidate.startsWith(word) : same(candidate, word);
      });
      if (matches) ranges.push([words[i]!.start, words[i + wanted.length - 1]!.end]);
    }
  }
  return ranges;
}
