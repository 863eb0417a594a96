import { HADITH_LIMITS, HADITH_PAGE_LIMIT } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { mapOf, nullable } from '../../platform/schema.js';
import { languageCode, metadataProperties } from '../content-schemas.js';

/** Schemas of the Hadith routes (CONTRACT §10, §11, §13). The URL names the collection `{id}` (the spec's path). */

export const collectionSlug = Type.String({
  description: 'Collection slug: bukhari, muslim, abudawud, tirmidhi, nasai, ibnmajah, malik, nawawi40 or qudsi40.',
});

const hadithNumber = Type.Integer({
  description:
    'The hadith number: its position in the collection, from 1 (hadith-json `idInBook`). ' +
    'A number no hadith has gives 404.',
});

export const collectionParams = Type.Object({ id: collectionSlug });
export const hadithParams = Type.Object({ id: collectionSlug, number: hadithNumber });
export const translationParams = Type.Object({ id: collectionSlug, number: hadithNumber, locale: languageCode });

export const translationsQuery = Type.String({
  description:
    'Comma-separated language codes of the translations to include (e.g. `en`); absent: every language the hadith has.',
});

export const hadithCollection = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  nameAr: Type.String(),
  total: Type.Integer({ description: 'Published hadiths stored.' }),
});

const nullableText = (maxLength: number, description: string) =>
  nullable(Type.String({ minLength: 1, maxLength, pattern: '\\S' }), { description });

const hadithMetadataProperties = {
  narrator: nullableText(
    HADITH_LIMITS.narratorLength,
    'Who narrated it, e.g. as the English source names them; null when unknown.',
  ),
  grade: nullableText(
    HADITH_LIMITS.gradeLength,
    'Authenticity grade; null when not graded (the imported collections carry none).',
  ),
  ...metadataProperties,
};

export const hadith = Type.Object({
  collection: Type.String(),
  number: Type.Integer(),
  text_ar: nullable(Type.String(), {
    description: 'The Arabic original (read-only); null where the source has none (125 hadiths of Malik).',
  }),
  translations: mapOf(Type.String(), { description: 'Text by language code.' }),
  ...hadithMetadataProperties,
  book: nullable(
    Type.Object({
      number: Type.Number({
        description: "The source's chapter id: 0 is an introduction; an-Nasa'i's Book of Agriculture is 35.2.",
      }),
      nameEn: Type.String(),
      nameAr: Type.String(),
    }),
  ),
});

export const hadithPageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: HADITH_PAGE_LIMIT.min,
      maximum: HADITH_PAGE_LIMIT.max,
      default: HADITH_PAGE_LIMIT.default,
    }),
  ),
  startAfter: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'The last `number` already seen (the previous page’s `nextStartAfter`); absent: from the start.',
    }),
  ),
  translations: Type.Optional(translationsQuery),
});

export const hadithPage = Type.Object({
  items: Type.Array(hadith),
  nextStartAfter: nullable(Type.Integer(), {
    description: 'Pass as `startAfter` for the next page; null: this was the last page.',
  }),
});

export const hadithMetadataPatch = Type.Partial(Type.Object(hadithMetadataProperties), {
  additionalProperties: false,
  minProperties: 1,
});

export const hadithDownloadEntry = Type.Object({
  collection: Type.String(),
  number: Type.Integer(),
  attribution: Type.String(),
  license: Type.String(),
  source_url: Type.String(),
  text: nullable(Type.String(), {
    description: 'Full text for public-domain editions (Arabic); null under translator copyright.',
  }),
});
