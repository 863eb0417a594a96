import {
  comparableWord,
  foldArabicWithOffsets,
  originalEnd,
  originalStart,
  snippetReach,
  type SearchTerm,
  type TextRange,
} from '@islamic-data/core';

/** A word as core's matchText reads it: a run of letters and digits of the Arabic-folded text. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The matches of `terms` that a snippet of `text` shows: each occurrence of a wanted word, or of a whole phrase (one
 * range), from the first one to as far as the snippet can reach (core's snippetReach; buildSnippet cuts the rest
 * away), as FTS5's highlight() and core's matchText mark them. Given `stemOf` (an English text), a word also matches
 * another of the same stem, as the index matched it. The words are read in order and no further than that: a hit's
 * text can hold thousands, and its first match is often near its start. `onWord` is given each word read, as
 * `comparable` (core's comparableWord, or a memo of it shared by the texts of a page) makes it.
 */
export function snippetRanges(
  text: string,
  terms: readonly SearchTerm[],
  stemOf: ((word: string) => string | undefined) | undefined,
  comparable: (word: string) => string = comparableWord,
  onWord?: (word: string) => void,
): TextRange[] {
  const wanted = terms
    .filter((term) => !term.exclude)
    .map((term) => ({ words: term.words.map(comparableWord), prefix: term.prefix }));
  const longest = Math.max(0, ...wanted.map((term) => term.words.length));
  if (longest === 0) return [];
  const same = (candidate: string, word: string) => {
    if (candidate === word) return true;
    const stem = stemOf?.(word);
    return stem !== undefined && stemOf!(candidate) === stem;
  };
  const folded = foldArabicWithOffsets(text);
  // The last `longest` words read (word i at i % longest), for the phrases that end at the word being read.
  const recent: string[] = [];
  const recentStarts: number[] = [];
  const ranges: TextRange[] = [];
  // Once a match is found, the snippet reaches no further than from its last character (a match found later may
  // begin earlier: the snippet then reaches less far). Counted from the end, that reach only comes nearer when more
  // words match (by their stems), so a pass with stems reads no word that a pass without them did not. Past the
  // reach, a phrase that begins before it ends within `longest - 1` words.
  let reach = Number.POSITIVE_INFINITY;
  let wordsBeyondReach = 0;
  WORD.lastIndex = 0;
  for (let i = 0, match = WORD.exec(folded.text); match !== null; i++, match = WORD.exec(folded.text)) {
    const start = originalStart(folded.offsets, match.index);
    if (start >= reach && ++wordsBeyondReach === longest) break;
    const word = comparable(match[0]);
    onWord?.(word);
    recent[i % longest] = word;
    recentStarts[i % longest] = start;
    for (const term of wanted) {
      const last = term.words.length - 1;
      if (i < last) continue;
      let j = 0;
      for (; j <= last; j++) {
        const candidate = recent[(i - last + j) % longest]!;
        const one = term.words[j]!;
        if (!(term.prefix && j === last ? candidate.startsWith(one) : same(candidate, one))) break;
      }
      if (j <= last) continue;
      const rangeStart = recentStarts[(i - last) % longest]!;
      const rangeEnd = originalEnd(text, folded.offsets, match.index + match[0].length);
      ranges.push([rangeStart, rangeEnd]);
      if (reach === Number.POSITIVE_INFINITY) reach = snippetReach(text, rangeEnd - 1);
    }
  }
  return ranges;
}
