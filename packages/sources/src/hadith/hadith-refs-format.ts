import { gradeText, validationError, type HadithGrade, type HadithInBook } from '@islamic-data/core';

/** One record of a CheeseWithSauce/HadithsJSONFormat file (shared/data/README.md §4). */
export interface HadithRefsRecord {
  id: number;
  reference: string;
  grade: string;
  arabic: string;
}

/** Where a collection's files are, under `Sunnah/`: a folder, or one file of the `forty` folder. */
export interface HadithRefsPlace {
  folder: string;
  file?: string;
  /** The name sunnah.com prints before a standard number (`Sahih al-Bukhari 52`); null: none. */
  citedAs: string | null;
}

export const HADITH_REFS_PLACES: Readonly<Record<string, HadithRefsPlace>> = {
  bukhari: { folder: 'bukhari', citedAs: 'Sahih al-Bukhari' },
  muslim: { folder: 'muslim', citedAs: 'Sahih Muslim' },
  abudawud: { folder: 'abudawud', citedAs: 'Sunan Abi Dawud' },
  tirmidhi: { folder: 'tirmidhi', citedAs: 'Jami` at-Tirmidhi' },
  nasai: { folder: 'nasai', citedAs: "Sunan an-Nasa'i" },
  ibnmajah: { folder: 'ibnmajah', citedAs: 'Sunan Ibn Majah' },
  malik: { folder: 'malik', citedAs: null },
  nawawi40: { folder: 'forty', file: 'forty_hadith_of_an-nawawi.json', citedAs: null },
  qudsi40: { folder: 'forty', file: 'forty_hadith_qudsi.json', citedAs: null },
};

export const HADITH_REFS_REPOSITORY = 'https://github.com/CheeseWithSauce/HadithsJSONFormat';

/** Parses one file (a JSON array, often after a byte-order mark); anything else is an error naming the file. */
export function parseHadithRefsFile(name: string, text: string): HadithRefsRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw validationError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw validationError(`${name} is not a hadith-refs file: it is not an array.`);
  value.forEach((record: Record<string, unknown>, index) => {
    if (
      typeof record !== 'object' ||
      record === null ||
      typeof record.id !== 'number' ||
      typeof record.reference !== 'string' ||
      typeof record.grade !== 'string' ||
      typeof record.arabic !== 'string'
    )
      throw validationError(
        `${name} is not a hadith-refs file: record ${index + 1} lacks id, reference, grade or arabic.`,
      );
  });
  return [...(value as HadithRefsRecord[])].sort((a, b) => a.id - b.id);
}

/**
 * sunnah.com's book order: files by their numeric prefix (`035`, then `35b`), the ones without
 * one (`introduction.json`, Ibn Majah's `the_book_of_the_sunnah.json`) first.
 */
export function refsFileOrder(name: string): number {
  const match = /^(\d+)(b?)_/.exec(name);
  return match ? Number(match[1]) + (match[2] ? 0.5 : 0) : -1;
}

export interface ParsedReference {
  /** The standard number as printed; null where the reference gives none. */
  number: string | null;
  citation: string;
  inBook: HadithInBook | null;
}

const BOOK_HADITH = /Book\s+(\d+),\s*Hadith\s+(\d+)/;

/** Reads a `reference` field; undefined when it holds nothing this reader understands. */
export function parseReference(
  place: HadithRefsPlace,
  sequence: number,
  reference: string,
): ParsedReference | undefined {
  const text = reference.replace(/\s+/g, ' ').trim();
  const inBookMatch = /In-book reference\s*:\s*Book\s+(\d+),\s*Hadith\s+(\d+)/.exec(text);
  const inBook = inBookMatch ? { book: Number(inBookMatch[1]), hadith: Number(inBookMatch[2]) } : null;
  if (place.folder === 'forty') {
    const match = /^Reference\s*:\s*Hadith\s+(\d+),\s*(.+)$/.exec(text);
    return match ? { number: match[1]!, citation: `${match[2]!.trim()} ${match[1]}`, inBook: null } : undefined;
  }
  if (place.citedAs === null) {
    // Malik: no collection-wide number; cited by its first book reference, numbered by sequence.
    const match = BOOK_HADITH.exec(text);
    if (!match) return undefined;
    const book = { book: Number(match[1]), hadith: Number(match[2]) };
    return {
      number: String(sequence),
      citation: `Muwatta Malik Book ${book.book}, Hadith ${book.hadith}`,
      inBook: book,
    };
  }
  const match = /^Reference\s*:\s*(.+?)(?:\s+(?:In-book reference|USC-MSA|English translation)\b|$)/.exec(text);
  if (!match || !match[1]!.startsWith(place.citedAs)) return undefined;
  const citation = match[1]!.trim();
  const number = citation.slice(place.citedAs.length).trim();
  return { number: number === '' ? null : number, citation, inBook };
}

export type ParsedGrade =
  | { kind: 'grade'; grade: string; grades: HadithGrade[] }
  | { kind: 'none' }
  | { kind: 'not-a-grade' }
  | { kind: 'unparsable' };

/**
 * One grader's verdict: a grade's words (`Hasan Sahih`, `Mawdu' (Fabricated)`), then its grader in
 * parentheses, then a space or the end; sunnah.com prints one after another (`Sahih (Al-Albani) Hasan
 * (Darussalam)`).
 */
const GRADE = /([A-Za-z'’`]+(?:,? [A-Za-z'’`]+){0,4}(?: \([A-Za-z]+\))?),? \(([A-Z][A-Za-z-]+)\)(?: |$)/y;

/** The Latin part of a `grade` field, as the grades are read from (the Arabic after it repeats them). */
export function gradeFieldText(field: string): string | null {
  const text = field.replace(/\s+/g, ' ').trim();
  if (!text.startsWith('Grade :')) return null;
  return text
    .slice('Grade :'.length)
    .split(/[\u0600-\u06FF]/)[0]!
    .trim();
}

/**
 * Reads a `grade` field as sunnah.com shows it, each grade then its grader: `Grade : Hasan Sahih
 * (Al-Albani) حسن صحيح (الألباني) حكم :` → `Hasan Sahih (Al-Albani)`; every grader in order in `grades`,
 * the first in `grade`. Empty: none. A field not starting `Grade :` (a copy of the reference or of
 * the English text) is not a grade; one that does but holds more than grades and their graders
 * (numbered lists, remarks) is unparsable.
 */
export function parseGrade(field: string): ParsedGrade {
  if (field.trim() === '') return { kind: 'none' };
  const latin = gradeFieldText(field);
  if (latin === null) return { kind: 'not-a-grade' };
  const grades: HadithGrade[] = [];
  GRADE.lastIndex = 0;
  while (GRADE.lastIndex < latin.length) {
    const match = GRADE.exec(latin);
    if (!match) return { kind: 'unparsable' };
    grades.push({ grade: match[1]!, grader: match[2]! });
  }
  if (grades.length === 0) return { kind: 'unparsable' };
  return { kind: 'grade', grade: gradeText(grades[0]!), grades };
}

/**
 * Arabic as compared across sources: its letters alone (no diacritics, tatweel, punctuation,
 * direction marks or spaces), with one form of alef, ya and ta marbuta.
 */
export function normaliseArabic(text: string): string {
  return text
    .replace(/[آأإٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[^\u0621-\u063A\u0641-\u064A]/g, '');
}
