import { ayahKey, type Ayah } from '@islamic-data/core';
import type { Selectable } from 'kysely';
import { columnsOf } from '../columns-of.js';
import { fromContentMetadataColumns, type ContentMetadataColumns } from '../content-columns.js';

export interface QuranAyahsTable extends ContentMetadataColumns {
  surah: number;
  ayah: number;
  text_ar: string;
}

export type AyahRow = Selectable<QuranAyahsTable>;

/** What an ayah is read from (`columnsOf`): not PostgreSQL's search vector. */
export const AYAH_COLUMNS = columnsOf<QuranAyahsTable>({
  surah: true,
  ayah: true,
  text_ar: true,
  tags_json: true,
  notes: true,
  published: true,
});

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
