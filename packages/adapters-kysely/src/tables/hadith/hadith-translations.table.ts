import type { Translation } from '@islamic-data/core';
import { toTranslationColumns, type TranslationColumns } from '../content-columns.js';

export interface HadithTranslationsTable extends TranslationColumns {
  collection: string;
  sequence: number;
}

export function toHadithTranslationRow(
  collection: string,
  sequence: number,
  translation: Translation,
): HadithTranslationsTable {
  return { collection, sequence, ...toTranslationColumns(translation) };
}
