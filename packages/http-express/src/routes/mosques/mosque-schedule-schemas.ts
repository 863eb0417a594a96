import {
  AUTO_METHOD_ID,
  CUSTOM_METHOD_ID,
  HIGH_LATITUDE_RULES,
  HIJRI_ADJUSTMENT_LIMIT,
  IQAMA_PRAYERS,
  listMethods,
  MADHABS,
  MAX_ADJUSTMENT_MINUTES,
  OSM_ATTRIBUTION,
  PARAMETER_RULES,
  PRAYER_NAMES,
  PRAYER_TIMES_YEARS,
  SCHEDULE_LIMITS,
} from '@islamic-data/core';
import { Type, type TSchema } from '@sinclair/typebox';
import { nullable, stringEnum } from '../../platform/schema.js';
import { feedOptionProperties, prayerTimesDay } from '../prayer-times/prayer-times-schemas.js';

const { oneOf } = PARAMETER_RULES;
const CLOCK_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const CLOCK_RULE = 'must be a local time written HH:MM';
const METHOD_IDS = [...listMethods().map((method) => method.id), AUTO_METHOD_ID].filter(
  (id) => id !== CUSTOM_METHOD_ID,
);

const nullableRule = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<(typeof HIGH_LATITUDE_RULES)[number] | null>({
    type: ['string', 'null'],
    enum: [...HIGH_LATITUDE_RULES, null],
    ...options,
  });

const clockTime = (description: string) =>
  Type.String({ pattern: CLOCK_PATTERN, errorMessage: CLOCK_RULE, description });

const iqamaRule = Type.Union(
  [
    Type.Null(),
    Type.Object(
      {
        after: Type.Integer({
          minimum: 0,
          maximum: SCHEDULE_LIMITS.maxIqamaAfter,
          description: `Minutes after the adhan, 0–${SCHEDULE_LIMITS.maxIqamaAfter}.`,
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object({ at: clockTime('A fixed local time, HH:MM.') }, { additionalProperties: false }),
  ],
  {
    errorMessage: `must be {"after": minutes 0–${SCHEDULE_LIMITS.maxIqamaAfter}} or {"at": "HH:MM"} or null`,
    description: 'null: no iqama time for this prayer.',
  },
);

const perIqamaPrayer = <T extends TSchema>(schema: () => T) =>
  Object.fromEntries(IQAMA_PRAYERS.map((prayer) => [prayer, schema()])) as Record<(typeof IQAMA_PRAYERS)[number], T>;

const scheduleFields = {
  method: stringEnum(METHOD_IDS, {
    errorMessage: oneOf(METHOD_IDS),
    description:
      'A method of `GET /prayer-times/methods` (not `custom`), or `auto` (the method of the country at the mosque).',
  }),
  madhab: stringEnum(MADHABS, { errorMessage: oneOf(MADHABS) }),
  highLatitudeRule: nullableRule({
    errorMessage: `${oneOf(HIGH_LATITUDE_RULES)} or null`,
    description: 'null: the rule recommended for the latitude.',
  }),
  adjustments: Type.Object(
    Object.fromEntries(
      PRAYER_NAMES.map((name) => [
        name,
        Type.Optional(
          Type.Integer({
            minimum: -MAX_ADJUSTMENT_MINUTES,
            maximum: MAX_ADJUSTMENT_MINUTES,
            errorMessage: PARAMETER_RULES.wholeNumber(-MAX_ADJUSTMENT_MINUTES, MAX_ADJUSTMENT_MINUTES),
          }),
        ),
      ]),
    ),
    { additionalProperties: false, description: 'Minutes added to each adhan time, as `/prayer-times` takes them.' },
  ),
  hijriAdjustment: Type.Integer({
    minimum: -HIJRI_ADJUSTMENT_LIMIT,
    maximum: HIJRI_ADJUSTMENT_LIMIT,
    errorMessage: PARAMETER_RULES.wholeNumber(-HIJRI_ADJUSTMENT_LIMIT, HIJRI_ADJUSTMENT_LIMIT),
  }),
  iqama: Type.Object(Object.fromEntries(IQAMA_PRAYERS.map((prayer) => [prayer, Type.Optional(iqamaRule)])), {
    additionalProperties: false,
    description: 'The iqama of each prayer; a prayer left out has none.',
  }),
  jumuah: Type.Array(clockTime("A Jumu'ah time, HH:MM."), {
    maxItems: SCHEDULE_LIMITS.maxJumuah,
    uniqueItems: true,
    description: "Jumu'ah times on Fridays (local), earliest first once stored.",
  }),
};

/** `PUT /mosques/{slug}/schedule`: every field optional (defaults as `/prayer-times`), unknown fields refused. */
export const mosqueScheduleBody = Type.Partial(Type.Object(scheduleFields), { additionalProperties: false });

/** A stored schedule as the mosque record and the PUT answer show it. */
export const mosqueSchedule = Type.Object({
  method: Type.String(),
  madhab: stringEnum(MADHABS),
  highLatitudeRule: nullableRule(),
  adjustments: Type.Record(Type.String(), Type.Integer()),
  hijriAdjustment: Type.Integer(),
  iqama: Type.Object(
    perIqamaPrayer(() =>
      Type.Union([Type.Null(), Type.Object({ after: Type.Integer() }), Type.Object({ at: Type.String() })]),
    ),
  ),
  jumuah: Type.Array(Type.String()),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const mosqueSource = Type.Object(
  {
    osm: Type.String({ description: 'The OpenStreetMap element, e.g. `node/123`.' }),
    attribution: Type.Literal(OSM_ATTRIBUTION),
  },
  { description: 'Set on records imported from OpenStreetMap (ODbL): the element and the credit its licence asks.' },
);

const mosqueTime = Type.Object({ time: Type.String(), timestamp: Type.String({ format: 'date-time' }) });

/** One day at a mosque: `/prayer-times`'s day with the mosque, its iqama and Jumu'ah. */
export const mosquePrayerDay = Type.Object({
  ...prayerTimesDay.properties,
  mosque: Type.Object({ slug: Type.String(), nameEn: Type.String(), nameAr: nullable(Type.String()) }),
  iqama: nullable(Type.Object(perIqamaPrayer(() => nullable(mosqueTime))), {
    description:
      'null when the mosque has no schedule; a prayer without an iqama ' +
      '(or whose adhan does not exist that day) is null. ' +
      "`after` is the adhan's instant plus the minutes, `at` the local time that day.",
  }),
  jumuah: nullable(Type.Array(mosqueTime), {
    description: "The Jumu'ah times on Fridays; null on other days and when the schedule has none.",
  }),
});

const year = Type.Integer({
  minimum: PRAYER_TIMES_YEARS.first,
  maximum: PRAYER_TIMES_YEARS.last,
  errorMessage: PARAMETER_RULES.wholeNumber(PRAYER_TIMES_YEARS.first, PRAYER_TIMES_YEARS.last),
  description: 'Gregorian year.',
});
const month = Type.Integer({
  minimum: 1,
  maximum: 12,
  errorMessage: PARAMETER_RULES.wholeNumber(1, 12),
  description: 'Gregorian month, 1–12.',
});

export const mosqueDayQuery = Type.Object({
  date: Type.Optional(
    Type.String({
      format: 'date',
      errorMessage: PARAMETER_RULES.isoDate,
      description: "Gregorian date YYYY-MM-DD. Absent: today in the mosque's time zone.",
    }),
  ),
});

export const mosqueCalendarQuery = Type.Object({ year, month });

export const mosqueFeedQuery = Type.Object({
  year,
  month,
  ...feedOptionProperties,
});
