import { CONTENT_LIMITS, LANGUAGE_CODE_PATTERN, assertWritableLocale } from '@islamic-data/core';
import type { JsonSchema } from '../platform/route.js';

/** Schemas and guards shared by the Quran and Hadith write routes (CONTRACT §9–§11). */

export const languageCode: JsonSchema = { type: 'string', pattern: LANGUAGE_CODE_PATTERN, description: 'Lowercase BCP 47 language code, e.g. en, ru, tr, az.' };

export const translationBody: JsonSchema = {
  type: 'object',
  properties: { text: { type: 'string', minLength: 1, maxLength: CONTENT_LIMITS.textLength, pattern: '\\S', description: `Non-empty, at most ${CONTENT_LIMITS.textLength} characters.` } },
  required: ['text'],
  additionalProperties: false,
};

export const storedTranslation: JsonSchema = {
  type: 'object',
  properties: { locale: { type: 'string' }, text: { type: 'string' }, updatedAt: { type: 'string', format: 'date-time' } },
  required: ['locale', 'text', 'updatedAt'],
};

export const metadataProperties: Record<string, JsonSchema> = {
  tags: {
    type: 'array',
    maxItems: CONTENT_LIMITS.tags,
    items: { type: 'string', minLength: 1, maxLength: CONTENT_LIMITS.tagLength },
    description: `At most ${CONTENT_LIMITS.tags} tags of at most ${CONTENT_LIMITS.tagLength} characters.`,
  },
  notes: { type: ['string', 'null'], maxLength: CONTENT_LIMITS.notesLength },
  published: { type: 'boolean' },
};

/** Path guard: the Arabic locale is read-only (403 FORBIDDEN_LOCALE, before the body is read). */
export const forbidArabicLocale = ({ params }: { params: { locale?: string } }) => {
  if (params.locale !== undefined) assertWritableLocale(params.locale);
};
