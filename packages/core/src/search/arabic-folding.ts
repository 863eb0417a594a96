/**
 * Arabic as search sees it: no tashkeel (harakat, shadda, sukun, tanwin, superscript alef), no
 * tatweel, no Quranic annotation marks (small high letters and signs, pause marks, the rub el hizb
 * and sajda signs, the Uthmani small waw and ya), and one form of the letter variants readers type
 * interchangeably: أ إ آ ٱ ٲ ٳ → ا, ى ی → ي, ة → ه, ک → ك. Everything else is kept, so word
 * boundaries stay where they were. The same function folds the indexed text and the query.
 */
const REMOVED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0610, 0x061a], // honorific signs and small high letters
  [0x061c, 0x061c], // Arabic letter mark (direction)
  [0x0640, 0x0640], // tatweel
  [0x064b, 0x065f], // harakat, tanwin, shadda, sukun and the other combining marks
  [0x0670, 0x0670], // superscript alef
  [0x06d6, 0x06ed], // Quranic annotation marks, small waw and ya, rub el hizb, sajda sign
  [0x08d3, 0x08ff], // extended Arabic marks
  [0x200c, 0x200f], // zero-width joiners and direction marks
];

const isRemoved = (code: number) => {
  for (const [from, to] of REMOVED_RANGES) if (code >= from && code <= to) return true;
  return false;
};

const REPLACED: Record<string, string> = {
  '\u0622': '\u0627', // آ
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0671': '\u0627', // ٱ (alef wasla)
  '\u0672': '\u0627', // ٲ
  '\u0673': '\u0627', // ٳ
  '\u0649': '\u064A', // ى
  '\u06CC': '\u064A', // ی (Farsi yeh)
  '\u0629': '\u0647', // ة
  '\u06A9': '\u0643', // ک (keheh)
};

/** REPLACED by character code: the loop below reads codes, making no string of a character. */
const REPLACED_CODES = new Map(Object.entries(REPLACED).map(([char, letter]) => [char.charCodeAt(0), letter]));

const hex = (code: number) => `\\u{${code.toString(16)}}`;

/** Any character folding removes or replaces: a text without one (most translations) is its own folding. */
const FOLDED_CHARACTERS = [
  ...REMOVED_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`),
  ...[...REPLACED_CODES.keys()].map(hex),
].join('');
const FOLDED_CHARACTER = new RegExp(`[${FOLDED_CHARACTERS}]`, 'u');

/**
 * The folded text and, for each of its characters, the index of the character of `text` it came from: null when
 * folding changed nothing (each character is then its own).
 */
export interface FoldedText {
  text: string;
  offsets: readonly number[] | null;
}

export function foldArabicWithOffsets(text: string): FoldedText {
  if (!FOLDED_CHARACTER.test(text)) return { text, offsets: null };
  // Runs of characters kept as they are are copied as slices, not a character at a time.
  let folded = '';
  let runStart = 0;
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const removed = isRemoved(code);
    const replacement = removed ? undefined : REPLACED_CODES.get(code);
    if (!removed && replacement === undefined) {
      offsets.push(i);
      continue;
    }
    folded += text.slice(runStart, i);
    runStart = i + 1;
    if (removed) continue;
    folded += replacement;
    offsets.push(i);
  }
  return { text: folded + text.slice(runStart), offsets };
}

/**
 * The stretch of `text` that folded characters [start, end) came from, with the marks that follow
 * its last letter, so a marked word keeps its vowels.
 */
export function originalRange(
  text: string,
  offsets: readonly number[] | null,
  start: number,
  end: number,
): [number, number] {
  return [originalStart(offsets, start), originalEnd(text, offsets, end)];
}

/** Where the folded character at `start` stands in the original text (originalRange's start, with no array). */
export const originalStart = (offsets: readonly number[] | null, start: number): number =>
  offsets === null ? start : offsets[start]!;

/** Where folded characters ending at `end` end in the original text, their marks included (originalRange's end). */
export function originalEnd(text: string, offsets: readonly number[] | null, end: number): number {
  let originalEnd = (offsets === null ? end - 1 : offsets[end - 1]!) + 1;
  while (originalEnd < text.length && isRemoved(text.charCodeAt(originalEnd))) originalEnd++;
  return originalEnd;
}

export function foldArabic(text: string): string {
  return foldArabicWithOffsets(text).text;
}
