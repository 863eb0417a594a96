import type { Translation } from '@islamic-data/core';
import { toTranslationColumns, type TranslationColumns } from '../content-columns.js';

export interface QuranAyahTranslationsTable extends TranslationColumns {
  surah: number;
  ayah: number;
}

export function toTranslationRow(surah: number, ayah: number, translation: Translation): QuranAyahTranslationsTable {
  return { surah, ayah, ...toTranslationColumns(translation) };
}
