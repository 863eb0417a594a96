import { ayahKey, type Ayah } from '@islamic-data/core';
import type { Selectable } from 'kysely';
import { fromContentMetadataColumns, type ContentMetadataColumns } from '../content-columns.js';

export interface QuranAyahsTable extends ContentMetadataColumns {
  surah: number;
  ayah: number;
  text_ar: string;
}

export type AyahRow = Selectable<QuranAyahsTable>;

export function fromAyahRow(row: AyahRow, translations: Record<string, string>): Ayah {
  return {
    surah: row.surah,
    ayah: row.ayah,
    key: ayahKey(row.surah, row.ayah),
    text_ar: row.text_ar,
    translations,
    ...fromContentMetadataColumns(row),
  };
}
