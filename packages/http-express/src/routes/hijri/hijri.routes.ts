import {
  convertHijri,
  HIJRI_CALENDAR_YEARS,
  hijriMonthCalendar,
  islamicDaysOf,
  PARAMETER_RULES,
  UMM_AL_QURA_RANGE,
  UMM_AL_QURA_RANGE_TEXT,
} from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { stringEnum } from '../../platform/schema.js';
import { dayEvents, fiveNames, hijriAdjustment } from '../prayer-times/prayer-times-schemas.js';

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

const bilingual = fiveNames;

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
    weekday: Type.Object(bilingual.properties, { description: 'Day of the week in en, ar, az, ru and tr.' }),
  }),
  hijri: Type.Object({
    ...dayParts,
    monthName: Type.Object(bilingual.properties, {
      description: 'Month name in English (transliterated), Arabic, Azerbaijani, Russian and Turkish.',
    }),
    monthLength: Type.Integer({
      enum: [28, 29, 30, 31],
      description:
        'Days in this Hijri month: 29 or 30, and 28 or 31 for eight months of 1343–1364 AH, as the published ' +
        'Umm al-Qura calendar has them.',
    }),
    events: dayEvents,
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

const { hijri: HIJRI_YEARS, gregorian: GREGORIAN_YEARS } = HIJRI_CALENDAR_YEARS;
const whole = (from: number, to: number, description: string) =>
  Type.Optional(
    Type.Integer({ minimum: from, maximum: to, errorMessage: PARAMETER_RULES.wholeNumber(from, to), description }),
  );

export const hijriCalendarRoute = defineRoute({
  method: 'get',
  path: '/hijri/calendar',
  resource: 'hijri',
  reads: [],
  tag: 'Hijri',
  summary: 'Every day of a Hijri or a Gregorian month in both calendars',
  description: [
    '`year` and `month`: a Hijri (Umm al-Qura) month, as `hijriAdjustment` shifts it;',
    'or `gregorianYear` and `gregorianMonth`: a Gregorian month. Exactly one of the two pairs.',
    '`data` has one `/hijri` object per day, in order, each with the Islamic days falling on it (`events`).',
  ].join(' '),
  query: Type.Object({
    year: whole(HIJRI_YEARS.first, HIJRI_YEARS.last, 'Hijri year (with `month`).'),
    month: whole(1, 12, 'Hijri month, 1–12 (with `year`).'),
    gregorianYear: whole(GREGORIAN_YEARS.first, GREGORIAN_YEARS.last, 'Gregorian year (with `gregorianMonth`).'),
    gregorianMonth: whole(1, 12, 'Gregorian month, 1–12 (with `gregorianYear`).'),
    hijriAdjustment: Type.Optional(hijriAdjustment),
  }),
  response: Type.Array(hijriConversion, { minItems: 28, maxItems: 31 }),
  handle: async ({ query }) => ({ data: hijriMonthCalendar(query) }),
});

export const hijriEventsRoute = defineRoute({
  method: 'get',
  path: '/hijri/events',
  resource: 'hijri',
  reads: [],
  tag: 'Hijri',
  summary: 'The Islamic days of a Hijri or a Gregorian year, on their dates in both calendars',
  description: [
    '`year` (Hijri) or `gregorianYear` (the days falling in it, from two Hijri years); exactly one.',
    'The list is that of the Aladhan calendar (islamic-network/calendar), with 1 Muharram added and the urs and',
    'births of particular figures marked `some-communities`; names in en, ar, az, ru and tr.',
    '`hijriAdjustment` moves the dates as it moves every Hijri date.',
  ].join(' '),
  query: Type.Object({
    year: whole(HIJRI_YEARS.first, HIJRI_YEARS.last, 'Hijri year.'),
    gregorianYear: whole(GREGORIAN_YEARS.first, GREGORIAN_YEARS.last, 'Gregorian year.'),
    hijriAdjustment: Type.Optional(hijriAdjustment),
  }),
  response: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The same for the day every year, e.g. `eid-al-fitr`.' }),
      name: fiveNames,
      observance: stringEnum(['general', 'some-communities'], {
        description:
          '`general`: kept across the Muslim world; `some-communities`: the urs or birth of a particular figure, ' +
          'kept by particular Sufi orders or Shia communities.',
      }),
      hijri: hijriConversion.properties.hijri,
      gregorian: hijriConversion.properties.gregorian,
    }),
  ),
  handle: async ({ query }) => ({ data: islamicDaysOf(query) }),
});
