import {
  defaultHadithMetadata,
  gradesOf,
  type HadithGrade,
  type Hadith,
  type HadithMetadata,
  type ImportedHadith,
} from '@islamic-data/core';
import type { Selectable } from 'kysely';
import { columnsOf } from '../columns-of.js';
import {
  fromContentMetadataColumns,
  toContentMetadataColumns,
  type ContentMetadataColumns,
} from '../content-columns.js';

export interface HadithsTable extends ContentMetadataColumns {
  collection: string;
  /** The hadith's place in its collection, from 1: its key. */
  sequence: number;
  /** The number it is cited by, unique in the collection. */
  number: string;
  citation: string;
  in_book_book: number | null;
  in_book_hadith: number | null;
  /** The grade the last import wrote; a `grade` that differs from it was set through the API. */
  imported_grade: string | null;
  /** Every grader the last import wrote, JSON `[{grade, grader}]`; null before an import wrote it. */
  imported_grades: string | null;
  text_ar: string | null;
  narrator: string | null;
  grade: string | null;
  book_number: number | null;
  /** Hash of the source record of the last import that wrote this hadith. */
  source_hash: string | null;
}

/** What a hadith is read from (`columnsOf`): not PostgreSQL's search vector. */
export const HADITH_COLUMNS = columnsOf<HadithsTable>({
  collection: true,
  sequence: true,
  number: true,
  citation: true,
  in_book_book: true,
  in_book_hadith: true,
  imported_grade: true,
  imported_grades: true,
  text_ar: true,
  narrator: true,
  grade: true,
  book_number: true,
  source_hash: true,
  tags_json: true,
  notes: true,
  published: true,
});

/** A hadith row joined with its book's names. */
export type HadithWithBookRow = Selectable<HadithsTable> & { book_name_en: string | null; book_name_ar: string | null };

export function toHadithMetadataRow(
  metadata: HadithMetadata,
): Pick<HadithsTable, 'narrator' | 'grade' | 'tags_json' | 'notes' | 'published'> {
  return { narrator: metadata.narrator, grade: metadata.grade, ...toContentMetadataColumns(metadata) };
}

/** A new row from an import: default metadata, the source's narrator. */
export function toImportedHadithRow(collection: string, hadith: ImportedHadith): HadithsTable {
  return {
    collection,
    sequence: hadith.sequence,
    number: hadith.number,
    citation: hadith.citation,
    in_book_book: hadith.inBook?.book ?? null,
    in_book_hadith: hadith.inBook?.hadith ?? null,
    imported_grade: hadith.grade,
    imported_grades: hadith.grades === undefined ? null : JSON.stringify(hadith.grades),
    text_ar: hadith.textAr,
    ...toHadithMetadataRow(defaultHadithMetadata(hadith.narrator, hadith.grade)),
    book_number: hadith.bookNumber,
    source_hash: hadith.sourceHash,
  };
}

export function fromHadithRow(row: HadithWithBookRow, translations: Record<string, string>): Hadith {
  return {
    collection: row.collection,
    number: row.number,
    sequence: row.sequence,
    reference: {
      citation: row.citation,
      inBook:
        row.in_book_book === null || row.in_book_hadith === null
          ? null
          : { book: row.in_book_book, hadith: row.in_book_hadith },
    },
    text_ar: row.text_ar,
    translations,
    narrator: row.narrator,
    grade: row.grade,
    ...fromContentMetadataColumns(row),
    book:
      row.book_number === null || row.book_name_en === null
        ? null
        : { number: row.book_number, nameEn: row.book_name_en, nameAr: row.book_name_ar ?? '' },
    grades: gradesOf(
      row.grade,
      row.imported_grade,
      row.imported_grades === null ? null : (JSON.parse(row.imported_grades) as HadithGrade[]),
    ),
  };
}
