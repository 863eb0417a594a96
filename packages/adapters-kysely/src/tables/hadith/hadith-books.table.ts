import type { HadithBook } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface HadithBooksTable {
  collection: string;
  /** REAL: the source's chapter ids include 0 and 35.2. */
  number: number;
  name_en: string;
  name_ar: string;
}

export function toHadithBookRow(collection: string, book: HadithBook): HadithBooksTable {
  return { collection, number: book.number, name_en: book.nameEn, name_ar: book.nameAr };
}

export function fromHadithBookRow(row: Selectable<HadithBooksTable>): HadithBook {
  return { number: row.number, nameEn: row.name_en, nameAr: row.name_ar };
}
