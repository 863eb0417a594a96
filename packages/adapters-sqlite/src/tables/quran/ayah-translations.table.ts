import type { Translation } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface QuranAyahTranslationsTable {
  surah: number;
  ayah: number;
  locale: string;
  text: string;
  updated_at: string;
}

export function toTranslationRow(surah: number, ayah: number, translation: Translation): QuranAyahTranslationsTable {
  return { surah, ayah, locale: translation.locale, text: translation.text, updated_at: translation.updatedAt };
}

export function fromTranslationRow(row: Pick<Selectable<QuranAyahTranslationsTable>, 'locale' | 'text' | 'updated_at'>): Translation {
  return { locale: row.locale, text: row.text, updatedAt: row.updated_at };
}
