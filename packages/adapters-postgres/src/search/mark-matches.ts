import {
  comparableWord,
  foldArabicWithOffsets,
  originalRange,
  type SearchTerm,
  type TextRange,
} from '@islamic-data/core';

/**
 * Where the wanted terms occur in the original text: each occurrence of a word, or of a whole phrase
 * (one range), as FTS5's highlight() marks them. Core's matchText, plus stems: given `stems` (an
 * English text), a word also matches another of the same stem, as the index matched it.
 */
export function markedRanges(
  text: string,
  terms: readonly SearchTerm[],
  stems: ReadonlyMap<string, string> | undefined,
): TextRange[] {
  const folded = foldArabicWithOffsets(text);
  const words = [...folded.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => {
    const [start, end] = originalRange(text, folded.offsets, m.index, m.index + m[0].length);
    return { comparable: comparableWord(m[0]), start, end };
  });
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
