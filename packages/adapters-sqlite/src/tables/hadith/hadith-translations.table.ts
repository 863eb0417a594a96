import type { Translation } from '@islamic-data/core';
import { toTranslationColumns, type TranslationColumns } from '../content-columns.js';

export interface HadithTranslationsTable extends TranslationColumns {
  collection: string;
  number: number;
}

export function toHadithTranslationRow(
  collection: string,
  number: number,
  translation: Translation,
): HadithTranslationsTable {
  return { collection, number, ...toTranslationColumns(translation) };
}
