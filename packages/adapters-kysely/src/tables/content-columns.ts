import type { ContentMetadata, Translation } from '@islamic-data/core';
import { sql } from 'kysely';

/** The columns every translated record (an ayah, a hadith) keeps its editable metadata in. */
export interface ContentMetadataColumns {
  /** JSON array of strings. */
  tags_json: string;
  notes: string | null;
  published: number;
}

/** The columns every translation table has beside its record's key. */
export interface TranslationColumns {
  locale: string;
  text: string;
  updated_at: string;
}

export function toContentMetadataColumns(metadata: ContentMetadata): ContentMetadataColumns {
  return { tags_json: JSON.stringify(metadata.tags), notes: metadata.notes, published: metadata.published ? 1 : 0 };
}

export function fromContentMetadataColumns(row: ContentMetadataColumns): ContentMetadata {
  return { tags: JSON.parse(row.tags_json) as string[], notes: row.notes, published: row.published === 1 };
}

export function toTranslationColumns(translation: Translation): TranslationColumns {
  return { locale: translation.locale, text: translation.text, updated_at: translation.updatedAt };
}

export function fromTranslationRow(row: TranslationColumns): Translation {
  return { locale: row.locale, text: row.text, updatedAt: row.updated_at };
}

/**
 * What a record read with its translations left-joined adds to each row: one of its translations, or nulls when
 * it has none (then its only row).
 */
export interface JoinedTranslationColumns {
  translation_locale: string | null;
  translation_text: string | null;
}

/** The joined translation columns of a read that asks for no translation: its record's one row, with nulls. */
export const NO_JOINED_TRANSLATIONS = [
  sql<string | null>`null`.as('translation_locale'),
  sql<string | null>`null`.as('translation_text'),
];

/** The translations of one record's joined rows, by locale in the rows' order. */
export function joinedTranslations(rows: readonly JoinedTranslationColumns[]): Record<string, string> {
  const translations: Record<string, string> = {};
  for (const row of rows)
    if (row.translation_locale !== null) translations[row.translation_locale] = row.translation_text!;
  return translations;
}
