import type { ContentMetadata } from '../shared/translation.js';

/** A collection as stored: its names and the place it is listed at. */
export interface HadithCollectionInfo {
  slug: string;
  name: string;
  nameAr: string;
  /** Sort key of the collection list. */
  position: number;
  /** `sunnah.com`: hadiths carry their standard numbers; `sequence`: their number is their position. */
  numbering: HadithNumbering;
}

export type HadithNumbering = 'sunnah.com' | 'sequence';

/** A collection as the API shows it (CONTRACT §10): `total` counts its published hadiths. */
export interface HadithCollection {
  slug: string;
  name: string;
  nameAr: string;
  total: number;
  numbering: HadithNumbering;
}

/**
 * A book (kitab) of a collection. `number` is the source's chapter id: 0 for an introduction,
 * and not always an integer (an-Nasa'i's Book of Agriculture is 35.2, between 35 and 36).
 */
export interface HadithBook {
  number: number;
  nameEn: string;
  nameAr: string;
}

/** One grader's verdict, as the source names it: `{grade: 'Hasan', grader: 'Darussalam'}`; grader null if unnamed. */
export interface HadithGrade {
  grade: string;
  grader: string | null;
}

/** A book with the span of its published hadiths (CONTRACT §21): numbers are the hadiths' cited numbers. */
export interface HadithBookSummary extends HadithBook {
  firstNumber: string;
  lastNumber: string;
  count: number;
}

/**
 * A grade text as `grade` holds it (`Hasan Sahih (Al-Albani)`) split into grade and grader; a text
 * without a trailing `(Grader)` is one grade without a grader; null is no grade.
 */
export function splitGrade(grade: string | null): HadithGrade[] {
  if (grade === null) return [];
  const match = /^(.+?),? \(([A-Z][A-Za-z-]+)\)$/.exec(grade);
  return [match ? { grade: match[1]!, grader: match[2]! } : { grade, grader: null }];
}

/**
 * The `grades` a hadith shows: the source's graders while `grade` is still the one the import wrote;
 * once an editor has set `grade`, that grade alone.
 */
export function gradesOf(grade: string | null, importedGrade: string | null, importedGrades: HadithGrade[] | null) {
  return grade === importedGrade && importedGrades !== null ? structuredClone(importedGrades) : splitGrade(grade);
}

/** How `grade` writes a grader's verdict: `Hasan (Darussalam)`. */
export const gradeText = (grade: HadithGrade): string =>
  grade.grader === null ? grade.grade : `${grade.grade} (${grade.grader})`;

/** What an editor may patch on a hadith. */
export interface HadithMetadata extends ContentMetadata {
  narrator: string | null;
  grade: string | null;
}

/** Where a hadith stands in its book: `Book 2, Hadith 45` of sunnah.com's in-book reference. */
export interface HadithInBook {
  book: number;
  hadith: number;
}

/** How a hadith is cited: `citation` as sunnah.com prints it (`Sahih al-Bukhari 52`). */
export interface HadithReference {
  citation: string;
  inBook: HadithInBook | null;
}

/**
 * A hadith as the API shows it (CONTRACT §10). `number` is the number it is cited by (unique in
 * its collection), `sequence` its position in the collection's order. `text_ar` is null where the
 * source has no Arabic.
 */
export interface Hadith extends HadithMetadata {
  collection: string;
  number: string;
  sequence: number;
  reference: HadithReference;
  text_ar: string | null;
  translations: Record<string, string>;
  book: HadithBook | null;
  /** Every grader the source names, in its order; `grade` is the first (or the editor's grade alone). */
  grades: HadithGrade[];
}

/** A page of a collection: `nextStartAfter` is the cursor of the next page, null at the end. */
export interface HadithPage {
  items: Hadith[];
  nextStartAfter: string | null;
}

/** One entry of an open download (CONTRACT §13). */
export interface HadithDownloadEntry {
  collection: string;
  number: string;
  sequence: number;
  attribution: string;
  license: string;
  source_url: string;
  text: string | null;
}

export const hadithMetadataOf = (hadith: Hadith): HadithMetadata => ({
  narrator: hadith.narrator,
  grade: hadith.grade,
  tags: hadith.tags,
  notes: hadith.notes,
  published: hadith.published,
});

/** Metadata of a hadith nobody has edited. */
export const defaultHadithMetadata = (narrator: string | null, grade: string | null = null): HadithMetadata => ({
  narrator,
  grade,
  tags: [],
  notes: null,
  published: true,
});
