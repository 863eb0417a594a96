import { CONTENT_LIMITS, LANGUAGE_CODE_PATTERN, assertWritableLocale } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { nullable } from '../platform/schema.js';

/** Schemas and guards shared by the Quran and Hadith write routes (CONTRACT §9–§11). */

export const languageCode = Type.String({
  pattern: LANGUAGE_CODE_PATTERN,
  description: 'Lowercase BCP 47 language code, e.g. en, ru, tr, az.',
});

export const translationBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: CONTENT_LIMITS.textLength,
      pattern: '\\S',
      description: `Non-empty, at most ${CONTENT_LIMITS.textLength} characters.`,
    }),
  },
  { additionalProperties: false },
);

export const storedTranslation = Type.Object({
  locale: Type.String(),
  text: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const metadataProperties = {
  tags: Type.Array(Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.tagLength }), {
    maxItems: CONTENT_LIMITS.tags,
    description: `At most ${CONTENT_LIMITS.tags} tags of at most ${CONTENT_LIMITS.tagLength} characters.`,
  }),
  notes: nullable(Type.String({ maxLength: CONTENT_LIMITS.notesLength })),
  published: Type.Boolean(),
};

/** Path guard: the Arabic locale is read-only (403 FORBIDDEN_LOCALE, before the body is read). */
export const forbidArabicLocale = ({ params }: { params: Record<string, unknown> }) => {
  if (typeof params.locale === 'string') assertWritableLocale(params.locale);
};
