import { ayahKey, type Ayah, type ContentMetadata } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface QuranAyahsTable {
  surah: number;
  ayah: number;
  text_ar: string;
  /** JSON array of strings. */
  tags_json: string;
  notes: string | null;
  published: number;
}

export type AyahRow = Selectable<QuranAyahsTable>;

export function toMetadataColumns(metadata: ContentMetadata): Pick<QuranAyahsTable, 'tags_json' | 'notes' | 'published'> {
  return { tags_json: JSON.stringify(metadata.tags), notes: metadata.notes, published: metadata.published ? 1 : 0 };
}

export function fromAyahRow(row: AyahRow, translations: Record<string, string>): Ayah {
  return {
    surah: row.surah,
    ayah: row.ayah,
    key: ayahKey(row.surah, row.ayah),
    text_ar: row.text_ar,
    translations,
    tags: JSON.parse(row.tags_json) as string[],
    notes: row.notes,
    published: row.published === 1,
  };
}
