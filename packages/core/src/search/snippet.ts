/** How a snippet marks the words that matched. */
export const SNIPPET_MARK = { open: '<mark>', close: '</mark>' } as const;

/** Words shown around the first match; a shorter text is shown whole. */
const SNIPPET_WORDS = 40;
const WORDS_BEFORE_MATCH = 10;

/** A matched stretch of a text: [start, end) in UTF-16 code units. */
export type TextRange = readonly [number, number];

/**
 * A window of `text` around its first match with every match inside it wrapped in SNIPPET_MARK,
 * `…` where the text was cut, and runs of white space (line breaks included) shown as one space.
 */
export function buildSnippet(text: string, ranges: readonly TextRange[]): string {
  const words = wordBounds(text);
  const count = words.starts.length;
  if (count === 0) return '';
  const sorted = mergeRanges(ranges);
  const firstWord =
    sorted.length === 0
      ? 0
      : Math.max(
          0,
          words.ends.findIndex((end) => end > sorted[0]![0]),
        );
  const from = Math.max(0, Math.min(firstWord - WORDS_BEFORE_MATCH, count - SNIPPET_WORDS));
  const to = Math.min(count, from + SNIPPET_WORDS);
  const [start, end] = [words.starts[from]!, words.ends[to - 1]!];
  let snippet = '';
  let at = start;
  for (const [rangeStart, rangeEnd] of sorted) {
    const [s, e] = [Math.max(rangeStart, start), Math.min(rangeEnd, end)];
    if (s >= e) continue;
    snippet += text.slice(at, s) + SNIPPET_MARK.open + text.slice(s, e) + SNIPPET_MARK.close;
    at = e;
  }
  snippet += text.slice(at, end);
  return `${from > 0 ? '… ' : ''}${snippet.replace(/\s+/g, ' ')}${to < count ? ' …' : ''}`;
}

/**
 * How far a snippet whose first match starts at `matchStart` can reach into `text` at most: the end of the
 * SNIPPET_WORDS-th word (run of characters other than white space) from the one holding that match. A store that
 * marks matches itself marks none beyond it: buildSnippet would cut them away.
 */
export function snippetReach(text: string, matchStart: number): number {
  let words = 0;
  let inWord = false;
  for (let i = matchStart; i < text.length; i++) {
    const space = isWhiteSpace(text.charCodeAt(i));
    if (space === inWord) {
      inWord = !space;
      if (space && ++words === SNIPPET_WORDS) return i;
    }
  }
  return text.length;
}

/** Where each run of characters other than white space (`\S+`) starts and ends, read by code (no match objects). */
function wordBounds(text: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isWhiteSpace(text.charCodeAt(i));
    if (space === inWord) {
      (space ? ends : starts).push(i);
      inWord = !space;
    }
  }
  if (inWord) ends.push(text.length);
  return { starts, ends };
}

/** White space as `\s` reads it: ECMAScript's WhiteSpace and LineTerminator code points. */
function isWhiteSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function mergeRanges(ranges: readonly TextRange[]): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
