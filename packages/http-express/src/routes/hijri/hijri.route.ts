import { convertHijri, PARAMETER_RULES, UMM_AL_QURA_RANGE, UMM_AL_QURA_RANGE_TEXT, type HijriConversionInput } from '@islamic-data/core';
import type { JsonSchema, RouteDefinition } from '../../platform/route.js';

const { gregorian: GREGORIAN_RANGE, hijri: HIJRI_RANGE } = UMM_AL_QURA_RANGE;

const hijriQuery: JsonSchema = {
  type: 'object',
  properties: {
    date: {
      type: 'string',
      format: 'date',
      errorMessage: PARAMETER_RULES.isoDate,
      description: `Gregorian date YYYY-MM-DD to convert to Hijri (${GREGORIAN_RANGE.first} to ${GREGORIAN_RANGE.last}). Not with \`hijri\`.`,
    },
    hijri: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      errorMessage: PARAMETER_RULES.hijriDate,
      description: `Umm al-Qura date YYYY-MM-DD to convert to Gregorian (${HIJRI_RANGE.first} to ${HIJRI_RANGE.last}); day 30 of a 29-day month: 400. Not with \`date\`.`,
    },
    timezone: {
      type: 'string',
      maxLength: 64,
      description: 'IANA zone whose date is "today" when neither `date` nor `hijri` is given; default UTC. Checked (400 when unknown) even when a date is given.',
    },
  },
};

const bilingual: JsonSchema = {
  type: 'object',
  properties: { en: { type: 'string' }, ar: { type: 'string' } },
  required: ['en', 'ar'],
};

const dayParts = {
  date: { type: 'string', description: 'YYYY-MM-DD.' },
  year: { type: 'integer' },
  month: { type: 'integer', minimum: 1, maximum: 12 },
  day: { type: 'integer', minimum: 1, maximum: 31 },
};

/** CONTRACT §8 `data`. */
const hijriConversion: JsonSchema = {
  type: 'object',
  properties: {
    calendar: { type: 'string', enum: ['umm-al-qura'] },
    gregorian: {
      type: 'object',
      properties: { ...dayParts, weekday: { ...bilingual, description: 'Day of the week in English and Arabic.' } },
      required: ['date', 'year', 'month', 'day', 'weekday'],
    },
    hijri: {
      type: 'object',
      properties: {
        ...dayParts,
        monthName: { ...bilingual, description: 'Month name in English (transliterated) and Arabic.' },
        monthLength: { type: 'integer', enum: [29, 30], description: 'Days in this Hijri month.' },
      },
      required: ['date', 'year', 'month', 'day', 'monthName', 'monthLength'],
    },
  },
  required: ['calendar', 'gregorian', 'hijri'],
};

export const hijriRoute: RouteDefinition<Omit<HijriConversionInput, 'now'>> = {
  method: 'get',
  path: '/hijri',
  resource: 'hijri',
  tag: 'Hijri',
  summary: 'Convert one date between Gregorian and Hijri (Umm al-Qura); default today',
  description: [
    'Exactly one of `date` (Gregorian → Hijri) or `hijri` (Hijri → Gregorian); both: 400 VALIDATION_ERROR.',
    'Neither: today, in `timezone` when given, else in UTC.',
    `Calendar: Umm al-Qura, supported ${UMM_AL_QURA_RANGE_TEXT}; a date outside it: 400 VALIDATION_ERROR stating the range.`,
  ].join(' '),
  query: hijriQuery,
  response: hijriConversion,
  handle: async ({ query }, { clock }) => ({
    data: convertHijri({ date: query.date, hijri: query.hijri, timezone: query.timezone, now: clock.now() }),
  }),
};
