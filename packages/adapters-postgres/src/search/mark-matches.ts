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

const NOT_A_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The words of `text` in order, as core's matchText reads them (runs of letters and digits of the
 * Arabic-folded text); `comparable` is core's comparableWord, or a memo of it shared by the texts of a page.
 */
export function textWords(text: string, comparable: (word: string) => string = comparableWord): TextWord[] {
  const folded = foldArabicWithOffsets(text);
  const words: TextWord[] = [];
  // Split rather than matched (a hit's text has hundreds of words: no match object for each). Between two words
  // are no letters or digits, so a word's first occurrence after the one before is where it stands.
  let after = 0;
  for (const word of folded.text.split(NOT_A_WORD)) {
    if (word === '') continue;
    const index = folded.text.indexOf(word, after);
    after = index + word.length;
    const [start, end] = originalRange(text, folded.offsets, index, after);
    words.push({ comparable: comparable(word), start, end });
  }
  return words;
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
    const last = wanted.length - 1;
    for (let i = 0; i + last < words.length; i++) {
      let j = 0;
      for (; j <= last; j++) {
        const candidate = words[i + j]!.comparable;
        if (!(term.prefix && j === last ? candidate.startsWith(wanted[j]!) : same(candidate, wanted[j]!))) break;
      }
      if (j > last) ranges.push([words[i]!.start, words[i + last]!.end]);
    }
  }
  return ranges;
}
