import {
  comparableWord,
  foldArabicWithOffsets,
  originalEnd,
  originalStart,
  type SearchTerm,
  type TextRange,
} from '@islamic-data/core';

/**
 * The words of a text in order: each as a search compares it, and where it stands in the original text. Two flat
 * arrays, not an object a word: a hit's text has hundreds of words, and a page of hits is read at every search.
 */
export interface TextWords {
  comparable: string[];
  /** Each word's start and end in the original text, one after the other: word i at 2i and 2i + 1. */
  bounds: number[];
}

const NOT_A_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The words of `text` in order, as core's matchText reads them (runs of letters and digits of the
 * Arabic-folded text); `comparable` is core's comparableWord, or a memo of it shared by the texts of a page.
 */
export function textWords(text: string, comparable: (word: string) => string = comparableWord): TextWords {
  const folded = foldArabicWithOffsets(text);
  const words: TextWords = { comparable: [], bounds: [] };
  // Split rather than matched (no match object a word). Between two words are no letters or digits, so a word's
  // first occurrence after the one before is where it stands.
  let after = 0;
  for (const word of folded.text.split(NOT_A_WORD)) {
    if (word === '') continue;
    const index = folded.text.indexOf(word, after);
    after = index + word.length;
    words.comparable.push(comparable(word));
    words.bounds.push(originalStart(folded.offsets, index), originalEnd(text, folded.offsets, after));
  }
  return words;
}

/**
 * Where the wanted terms occur among a text's `words` (textWords): each occurrence of a word, or of a whole
 * phrase (one range), as FTS5's highlight() marks them. Core's matchText, plus stems: given `stemOf` (an
 * English text), a word also matches another of the same stem, as the index matched it.
 */
export function markedRanges(
  words: TextWords,
  terms: readonly SearchTerm[],
  stemOf: ((word: string) => string | undefined) | undefined,
): TextRange[] {
  const same = (candidate: string, wanted: string) => {
    if (candidate === wanted) return true;
    const stem = stemOf?.(wanted);
    return stem !== undefined && stemOf!(candidate) === stem;
  };
  const { comparable, bounds } = words;
  const ranges: TextRange[] = [];
  for (const term of terms) {
    if (term.exclude) continue;
    const wanted = term.words.map(comparableWord);
    const last = wanted.length - 1;
    for (let i = 0; i + last < comparable.length; i++) {
      let j = 0;
      for (; j <= last; j++) {
        const candidate = comparable[i + j]!;
        if (!(term.prefix && j === last ? candidate.startsWith(wanted[j]!) : same(candidate, wanted[j]!))) break;
      }
      if (j > last) ranges.push([bounds[2 * i]!, bounds[2 * (i + last) + 1]!]);
    }
  }
  return ranges;
}
