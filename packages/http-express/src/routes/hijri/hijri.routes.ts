import { convertHijri, PARAMETER_RULES, UMM_AL_QURA_RANGE, UMM_AL_QURA_RANGE_TEXT } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { stringEnum } from '../../platform/schema.js';
import { hijriAdjustment } from '../prayer-times/prayer-times-schemas.js';

const { gregorian: GREGORIAN_RANGE, hijri: HIJRI_RANGE } = UMM_AL_QURA_RANGE;

const hijriQuery = Type.Object({
  date: Type.Optional(
    Type.String({
      format: 'date',
      errorMessage: PARAMETER_RULES.isoDate,
      description:
        `Gregorian date YYYY-MM-DD to convert to Hijri ` +
        `(${GREGORIAN_RANGE.first} to ${GREGORIAN_RANGE.last}). Not with \`hijri\`.`,
    }),
  ),
  hijri: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      errorMessage: PARAMETER_RULES.hijriDate,
      description:
        `Umm al-Qura date YYYY-MM-DD to convert to Gregorian ` +
        `(${HIJRI_RANGE.first} to ${HIJRI_RANGE.last}); ` +
        `day 30 of a 29-day month: 400. Not with \`date\`.`,
    }),
  ),
  timezone: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'IANA zone whose date is "today" when neither `date` nor `hijri` is given; default UTC. ' +
        'Checked (400 when unknown) even when a date is given.',
    }),
  ),
  hijriAdjustment: Type.Optional(hijriAdjustment),
});

const bilingual = Type.Object({ en: Type.String(), ar: Type.String() });

const dayParts = {
  date: Type.String({ description: 'YYYY-MM-DD.' }),
  year: Type.Integer(),
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  day: Type.Integer({ minimum: 1, maximum: 31 }),
};

/** CONTRACT §8 `data`. */
const hijriConversion = Type.Object({
  calendar: stringEnum(['umm-al-qura']),
  hijriAdjustment: Type.Integer({ description: 'The `hijriAdjustment` applied (0 when not given).' }),
  gregorian: Type.Object({
    ...dayParts,
    weekday: Type.Object(bilingual.properties, { description: 'Day of the week in English and Arabic.' }),
  }),
  hijri: Type.Object({
    ...dayParts,
    monthName: Type.Object(bilingual.properties, { description: 'Month name in English (transliterated) and Arabic.' }),
    monthLength: Type.Integer({
      enum: [28, 29, 30, 31],
      description:
        'Days in this Hijri month: 29 or 30, and 28 or 31 for eight months of 1343–1364 AH, as the published ' +
        'Umm al-Qura calendar has them.',
    }),
  }),
});

export const hijriRoute = defineRoute({
  method: 'get',
  path: '/hijri',
  resource: 'hijri',
  reads: [],
  usesClock: true,
  tag: 'Hijri',
  summary: 'Convert one date between Gregorian and Hijri (Umm al-Qura); default today',
  description: [
    'Exactly one of `date` (Gregorian → Hijri) or `hijri` (Hijri → Gregorian); both: 400 VALIDATION_ERROR.',
    'Neither: today, in `timezone` when given, else in UTC.',
    `Calendar: Umm al-Qura, supported ${UMM_AL_QURA_RANGE_TEXT}; ` +
      `a date outside it: 400 VALIDATION_ERROR stating the range.`,
  ].join(' '),
  query: hijriQuery,
  response: hijriConversion,
  handle: async ({ query }, { clock }) => ({
    data: convertHijri({ ...query, now: clock.now() }),
  }),
});
