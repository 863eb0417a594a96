import { AppError, LANGUAGE_CODE_PATTERN, assertWritableLocale } from '@islamic-data/core';
import type { JsonSchema } from '../platform/route.js';

/** Schemas and guards shared by the Quran and Hadith write routes (CONTRACT §9–§11). */

export const languageCode: JsonSchema = { type: 'string', pattern: LANGUAGE_CODE_PATTERN, description: 'Lowercase BCP 47 language code, e.g. en, ru, tr, az.' };

export const translationBody: JsonSchema = {
  type: 'object',
  properties: { text: { type: 'string', minLength: 1, maxLength: 50_000, pattern: '\\S', description: 'Non-empty, at most 50,000 characters.' } },
  required: ['text'],
  additionalProperties: false,
};

export const storedTranslation: JsonSchema = {
  type: 'object',
  properties: { locale: { type: 'string' }, text: { type: 'string' }, updatedAt: { type: 'string', format: 'date-time' } },
  required: ['locale', 'text', 'updatedAt'],
};

export const metadataProperties: Record<string, JsonSchema> = {
  tags: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 64 }, description: 'At most 32 tags of at most 64 characters.' },
  notes: { type: ['string', 'null'], maxLength: 10_000 },
  published: { type: 'boolean' },
};

/** Path guard: the Arabic locale is read-only (403 FORBIDDEN_LOCALE, before the body is read). */
export const forbidArabicLocale = ({ params }: { params: { locale?: string } }) => {
  if (params.locale !== undefined) assertWritableLocale(params.locale);
};

/** Body guard: `text_ar` is never editable, whatever else the body holds. */
export const forbidTextAr = (body: unknown) => {
  if (body && typeof body === 'object' && 'text_ar' in body) {
    throw new AppError('FORBIDDEN_LOCALE', 'text_ar (the Arabic original) is read-only.');
  }
};
