import { HADITH_LIMITS, HADITH_PAGE_LIMIT } from '@islamic-data/core';
import type { JsonSchema } from '../../platform/route.js';
import { languageCode, metadataProperties } from '../content-schemas.js';

/** Schemas of the Hadith routes (CONTRACT §10, §11, §13). */

export const collectionSlug: JsonSchema = {
  type: 'string',
  description: 'Collection slug: bukhari, muslim, abudawud, tirmidhi, nasai, ibnmajah, malik, nawawi40 or qudsi40.',
};

const hadithNumber: JsonSchema = {
  type: 'integer',
  description: 'The hadith number: its position in the collection, from 1 (hadith-json `idInBook`). A number no hadith has gives 404.',
};

export const collectionParams: JsonSchema = { type: 'object', properties: { id: collectionSlug }, required: ['id'] };
export const hadithParams: JsonSchema = { type: 'object', properties: { id: collectionSlug, number: hadithNumber }, required: ['id', 'number'] };
export const translationParams: JsonSchema = {
  type: 'object',
  properties: { id: collectionSlug, number: hadithNumber, locale: languageCode },
  required: ['id', 'number', 'locale'],
};

export const translationsQuery: JsonSchema = {
  type: 'string',
  description: 'Comma-separated language codes of the translations to include (e.g. `en`); absent: every language the hadith has.',
};

export const hadithCollection: JsonSchema = {
  type: 'object',
  properties: {
    slug: { type: 'string' },
    name: { type: 'string' },
    nameAr: { type: 'string' },
    total: { type: 'integer', description: 'Published hadiths stored.' },
  },
  required: ['slug', 'name', 'nameAr', 'total'],
};

const nullableText = (maxLength: number, description: string): JsonSchema => ({
  type: ['string', 'null'],
  minLength: 1,
  maxLength,
  pattern: '\\S',
  description,
});

const hadithMetadataProperties: Record<string, JsonSchema> = {
  narrator: nullableText(HADITH_LIMITS.narratorLength, 'Who narrated it, e.g. as the English source names them; null when unknown.'),
  grade: nullableText(HADITH_LIMITS.gradeLength, 'Authenticity grade; null when not graded (the imported collections carry none).'),
  ...metadataProperties,
};

export const hadith: JsonSchema = {
  type: 'object',
  properties: {
    collection: { type: 'string' },
    number: { type: 'integer' },
    text_ar: { type: ['string', 'null'], description: 'The Arabic original (read-only); null where the source has none (125 hadiths of Malik).' },
    translations: { type: 'object', additionalProperties: { type: 'string' }, description: 'Text by language code.' },
    ...hadithMetadataProperties,
    book: {
      type: ['object', 'null'],
      properties: {
        number: { type: 'number', description: "The source's chapter id: 0 is an introduction; an-Nasa'i's Book of Agriculture is 35.2." },
        nameEn: { type: 'string' },
        nameAr: { type: 'string' },
      },
      required: ['number', 'nameEn', 'nameAr'],
    },
  },
  required: ['collection', 'number', 'text_ar', 'translations', 'narrator', 'grade', 'tags', 'notes', 'published', 'book'],
};

export const hadithPageQuery: JsonSchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: HADITH_PAGE_LIMIT.min, maximum: HADITH_PAGE_LIMIT.max, default: HADITH_PAGE_LIMIT.default },
    startAfter: { type: 'integer', minimum: 0, description: 'The last `number` already seen (the previous page’s `nextStartAfter`); absent: from the start.' },
    translations: translationsQuery,
  },
};

export const hadithPage: JsonSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: hadith },
    nextStartAfter: { type: ['integer', 'null'], description: 'Pass as `startAfter` for the next page; null: this was the last page.' },
  },
  required: ['items', 'nextStartAfter'],
};

export const hadithMetadataPatch: JsonSchema = {
  type: 'object',
  properties: hadithMetadataProperties,
  additionalProperties: false,
  minProperties: 1,
};

export const hadithDownloadEntry: JsonSchema = {
  type: 'object',
  properties: {
    collection: { type: 'string' },
    number: { type: 'integer' },
    attribution: { type: 'string' },
    license: { type: 'string' },
    source_url: { type: 'string' },
    text: { type: ['string', 'null'], description: 'Full text for public-domain editions (Arabic); null under translator copyright.' },
  },
  required: ['collection', 'number', 'attribution', 'license', 'source_url', 'text'],
};
