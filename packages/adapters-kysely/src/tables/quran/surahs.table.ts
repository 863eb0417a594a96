import type { RevelationType, Surah } from '@islamic-data/core';
import type { Selectable } from 'kysely';

export interface QuranSurahsTable {
  id: number;
  name_ar: string;
  name_en: string;
  transliteration: string;
  revelation_type: RevelationType;
  ayah_count: number;
}

export function toSurahRow(surah: Surah): QuranSurahsTable {
  return {
    id: surah.id,
    name_ar: surah.nameAr,
    name_en: surah.nameEn,
    transliteration: surah.transliteration,
    revelation_type: surah.revelationType,
    ayah_count: surah.ayahCount,
  };
}

export function fromSurahRow(row: Selectable<QuranSurahsTable>): Surah {
  return {
    id: row.id,
    nameAr: row.name_ar,
    nameEn: row.name_en,
    transliteration: row.transliteration,
    revelationType: row.revelation_type,
    ayahCount: row.ayah_count,
  };
}
