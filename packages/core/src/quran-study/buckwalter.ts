/**
 * The Buckwalter transliteration of the Arabic letters, as the Quranic Arabic Corpus writes roots
 * (its extended table's letters; a root's hamza is written `A` there, whatever its seat).
 */
const LETTERS: Record<string, string> = {
  ا: 'A',
  أ: 'A',
  إ: 'A',
  آ: 'A',
  ء: 'A',
  ؤ: 'A',
  ئ: 'A',
  ب: 'b',
  ت: 't',
  ث: 'v',
  ج: 'j',
  ح: 'H',
  خ: 'x',
  د: 'd',
  ذ: '*',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: '$',
  ص: 'S',
  ض: 'D',
  ط: 'T',
  ظ: 'Z',
  ع: 'E',
  غ: 'g',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ي: 'y',
  ى: 'y',
  ة: 'p',
};

const ARABIC: Record<string, string> = Object.fromEntries(
  Object.entries(LETTERS)
    .filter(([arabic]) => !'أإآءؤئىة'.includes(arabic))
    .map(([arabic, latin]) => [latin, arabic]),
);

export const toBuckwalter = (arabic: string): string => [...arabic].map((letter) => LETTERS[letter] ?? '').join('');

export const fromBuckwalter = (latin: string): string => [...latin].map((letter) => ARABIC[letter] ?? letter).join('');
