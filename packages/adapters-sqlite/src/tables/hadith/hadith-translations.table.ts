import type { Translation } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface HadithTranslationsTable {
  collection: string;
  number: number;
  locale: string;
  text: string;
  updated_at: string;
}

export function toHadithTranslationRow(collection: string, number: number, translation: Translation): HadithTranslationsTable {
  return { collection, number, locale: translation.locale, text: translation.text, updated_at: translation.updatedAt };
}

export function fromHadithTranslationRow(row: Pick<Selectable<HadithTranslationsTable>, 'locale' | 'text' | 'updated_at'>): Translation {
  return { locale: row.locale, text: row.text, updatedAt: row.updated_at };
}
