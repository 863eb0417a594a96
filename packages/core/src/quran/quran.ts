import type { ContentMetadata } from '../shared/translation.js';

export type RevelationType = 'meccan' | 'medinan';

/** A surah as the API shows it (CONTRACT §9). */
export interface Surah {
  id: number;
  nameAr: string;
  nameEn: string;
  transliteration: string;
  revelationType: RevelationType;
  ayahCount: number;
}

/** An ayah as the API shows it (CONTRACT §9): the read-only Arabic text, translations by locale, metadata. */
export interface Ayah extends ContentMetadata {
  surah: number;
  ayah: number;
  /** `surah:ayah`, e.g. `2:255`. */
  key: string;
  text_ar: string;
  translations: Record<string, string>;
}

/** The text of one ayah in one language: what imports carry and downloads read. */
export interface AyahText {
  surah: number;
  ayah: number;
  text: string;
}

export interface AyahRef {
  surah: number;
  ayah: number;
}

export const ayahKey = (surah: number, ayah: number) => `${surah}:${ayah}`;

/** Metadata of an ayah nobody has edited. */
export const defaultAyahMetadata = (): ContentMetadata => ({ tags: [], notes: null, published: true });
