import type { JsonSchema } from '../../platform/route.js';
import { languageCode, metadataProperties } from '../content-schemas.js';

/** Schemas of the Quran routes (CONTRACT §9, §11, §13). */

const surahNumber: JsonSchema = { type: 'integer', description: 'Surah number, 1 to 114; another integer gives 404.' };
const ayahNumber: JsonSchema = { type: 'integer', description: "Ayah number within the surah, from 1; beyond the surah's ayah count gives 404." };

export const surahParams: JsonSchema = { type: 'object', properties: { surah: surahNumber }, required: ['surah'] };
export const ayahParams: JsonSchema = { type: 'object', properties: { surah: surahNumber, ayah: ayahNumber }, required: ['surah', 'ayah'] };
export const ayahTranslationParams: JsonSchema = {
  type: 'object',
  properties: { surah: surahNumber, ayah: ayahNumber, locale: languageCode },
  required: ['surah', 'ayah', 'locale'],
};
export const downloadParams: JsonSchema = { type: 'object', properties: { lang: languageCode }, required: ['lang'] };
export const surahDownloadParams: JsonSchema = { type: 'object', properties: { lang: languageCode, surah: surahNumber }, required: ['lang', 'surah'] };

export const translationsQuery: JsonSchema = {
  type: 'object',
  properties: {
    translations: {
      type: 'string',
      description: 'Comma-separated language codes of the translations to include, e.g. `en,ru,tr`; absent: every language the ayah has. A malformed code: 400; a code with no text: that key is absent.',
    },
  },
};

export const surah: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    nameAr: { type: 'string' },
    nameEn: { type: 'string', description: 'The meaning of the name in English.' },
    transliteration: { type: 'string' },
    revelationType: { type: 'string', enum: ['meccan', 'medinan'] },
    ayahCount: { type: 'integer' },
  },
  required: ['id', 'nameAr', 'nameEn', 'transliteration', 'revelationType', 'ayahCount'],
};

export const ayah: JsonSchema = {
  type: 'object',
  properties: {
    surah: { type: 'integer' },
    ayah: { type: 'integer' },
    key: { type: 'string', description: '`surah:ayah`, e.g. `2:255`.' },
    text_ar: { type: 'string', description: 'The Uthmani Arabic text (read-only).' },
    translations: { type: 'object', additionalProperties: { type: 'string' }, description: 'Text by language code.' },
    ...metadataProperties,
  },
  required: ['surah', 'ayah', 'key', 'text_ar', 'translations', 'tags', 'notes', 'published'],
};

export const ayahMetadataPatch: JsonSchema = {
  type: 'object',
  properties: metadataProperties,
  additionalProperties: false,
  minProperties: 1,
  errorMessage: 'must set at least one of tags, notes, published',
};

export const quranDownloadEntry: JsonSchema = {
  type: 'object',
  properties: {
    surah: { type: 'integer' },
    ayah: { type: 'integer' },
    attribution: { type: 'string' },
    license: { type: 'string' },
    source_url: { type: 'string' },
    text: { type: ['string', 'null'], description: 'Full text for public-domain editions (the Arabic); null under translator copyright.' },
  },
  required: ['surah', 'ayah', 'attribution', 'license', 'source_url', 'text'],
};
