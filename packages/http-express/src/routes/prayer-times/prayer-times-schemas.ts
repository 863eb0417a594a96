import {
  CUSTOM_METHOD_LIMITS,
  DEFAULT_METHOD_ID,
  HIGH_LATITUDE_RULES,
  listMethods,
  MADHABS,
  MAX_ADJUSTMENT_MINUTES,
  METHOD_RULE,
  PARAMETER_RULES,
  POLAR_CIRCLE_RESOLUTIONS,
  PRAYER_NAMES,
  PRAYER_TIMES_YEARS,
  SHAFAQ_KINDS,
  type PrayerName,
} from '@islamic-data/core';
import { Type, type TSchema } from '@sinclair/typebox';
import { nullable, stringEnum } from '../../platform/schema.js';
import { latitude, longitude } from '../common-schemas.js';

/**
 * Schemas of the prayer-time routes (CONTRACT §6). Rules the schema cannot state (a real zone,
 * parameters that go together) are the core's.
 */

const METHODS = listMethods();
const { oneOf } = PARAMETER_RULES;

const method = stringEnum([...METHODS.map((m) => m.id), ...METHODS.map((m) => String(m.aladhanId))], {
  default: DEFAULT_METHOD_ID,
  errorMessage: METHOD_RULE,
  description: [
    "Calculation method: a slug, or Aladhan's numeric id as an alias",
    `(${METHODS.map((m) => `${m.id} = ${m.aladhanId}`).join(', ')}).`,
    '`GET /prayer-times/methods` lists each with its parameters.',
    '`custom` takes `fajrAngle`, `ishaAngle` or `ishaInterval`; those left out default to 18°, 17° and none.',
  ].join(' '),
});

const angle = (prayer: string) =>
  Type.Number({
    exclusiveMinimum: 0,
    maximum: CUSTOM_METHOD_LIMITS.maxAngle,
    errorMessage: PARAMETER_RULES.angle(CUSTOM_METHOD_LIMITS.maxAngle),
    description:
      `Sun's depression below the horizon for ${prayer}, in degrees. ` + `Only with \`method=custom\` (400 otherwise).`,
  });

/** Every parameter but the day: shared by `/prayer-times` and `/prayer-times/calendar`. */
const optionProperties = {
  lat: latitude,
  lng: longitude,
  timezone: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'IANA time zone of the local times, e.g. Europe/London (any case; answered in its canonical case). ' +
        'Absent: the zone in force at `lat`,`lng`, from an offline boundary map. ' +
        'An unknown name: 400.',
    }),
  ),
  method: Type.Optional(method),
  madhab: Type.Optional(
    stringEnum(MADHABS, {
      default: 'shafi',
      errorMessage: oneOf(MADHABS),
      description: 'Asr shadow factor: `shafi` 1 (also Maliki and Hanbali), `hanafi` 2.',
    }),
  ),
  highLatitudeRule: Type.Optional(
    stringEnum(HIGH_LATITUDE_RULES, {
      errorMessage: oneOf(HIGH_LATITUDE_RULES),
      description:
        'How Fajr and Isha are bounded where twilight lasts long. ' +
        'Absent: the one recommended for the latitude ' +
        '(`seventh-of-the-night` above 48°, else `middle-of-the-night`). ' +
        'The rule applied is echoed in the response.',
    }),
  ),
  polarCircleResolution: Type.Optional(
    stringEnum(POLAR_CIRCLE_RESOLUTIONS, {
      default: 'unresolved',
      errorMessage: oneOf(POLAR_CIRCLE_RESOLUTIONS),
      description:
        'Where the sun does not rise or set (polar day or night): ' +
        '`aqrab-balad` takes the times of the nearest latitude where it does, ' +
        '`aqrab-yaum` those of the nearest day when it does; ' +
        '`unresolved` answers null for the times that do not exist.',
    }),
  ),
  shafaq: Type.Optional(
    stringEnum(SHAFAQ_KINDS, {
      errorMessage: oneOf(SHAFAQ_KINDS),
      description:
        'Twilight used for Isha by `method=moonsighting-committee` only ' +
        '(400 with any other method); default `general`.',
    }),
  ),
  fajrAngle: Type.Optional(angle('Fajr')),
  ishaAngle: Type.Optional(angle('Isha')),
  ishaInterval: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: CUSTOM_METHOD_LIMITS.maxIshaInterval,
      errorMessage: PARAMETER_RULES.minutes(CUSTOM_METHOD_LIMITS.maxIshaInterval),
      description:
        'Isha this many minutes after Maghrib instead of by angle (not together with `ishaAngle`). ' +
        'Only with `method=custom`.',
    }),
  ),
  adjustments: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        `Minutes added to the computed times, after the method's own offsets: ` +
        `comma-separated \`name:minutes\` with names ${PRAYER_NAMES.join(', ')} ` +
        `and whole minutes from -${MAX_ADJUSTMENT_MINUTES} to ${MAX_ADJUSTMENT_MINUTES}, e.g. \`fajr:2,isha:-1\`.`,
    }),
  ),
};

export const prayerTimesQuery = Type.Object({
  ...optionProperties,
  date: Type.Optional(
    Type.String({
      format: 'date',
      errorMessage: PARAMETER_RULES.isoDate,
      description:
        `Gregorian date YYYY-MM-DD, years ${PRAYER_TIMES_YEARS.first}–${PRAYER_TIMES_YEARS.last}. ` +
        `Absent: today in \`timezone\`.`,
    }),
  ),
});

export const prayerCalendarQuery = Type.Object({
  ...optionProperties,
  year: Type.Integer({
    minimum: PRAYER_TIMES_YEARS.first,
    maximum: PRAYER_TIMES_YEARS.last,
    errorMessage: PARAMETER_RULES.wholeNumber(PRAYER_TIMES_YEARS.first, PRAYER_TIMES_YEARS.last),
    description: 'Gregorian year.',
  }),
  month: Type.Integer({
    minimum: 1,
    maximum: 12,
    errorMessage: PARAMETER_RULES.wholeNumber(1, 12),
    description: 'Gregorian month, 1–12.',
  }),
});

/** One schema per prayer name. */
const perPrayer = <T extends TSchema>(schema: () => T) =>
  Object.fromEntries(PRAYER_NAMES.map((name) => [name, schema()])) as Record<PrayerName, T>;

const offsets = (description: string) =>
  Type.Object(
    perPrayer(() => Type.Integer()),
    { description },
  );

const clockTimes = (description: string, format?: string) =>
  Type.Object(
    perPrayer(() => nullable(Type.String(format ? { format } : {}))),
    { description },
  );

const methodParameters = {
  id: Type.String({ description: 'The slug.' }),
  name: Type.String(),
  aladhanId: Type.Integer({ description: "Aladhan's numeric id, also accepted as `method`." }),
  fajrAngle: Type.Number(),
  ishaAngle: Type.Number({ description: '0 when Isha is a fixed interval after Maghrib.' }),
  ishaInterval: Type.Integer({ description: 'Minutes from Maghrib to Isha; 0 when Isha is by angle.' }),
  maghribAngle: nullable(Type.Number(), {
    description: "Sun's depression for Maghrib (Shia methods); null: Maghrib is at sunset.",
  }),
  offsets: offsets("The authority's own fixed minute offsets per time."),
};

/** One day: CONTRACT §6 `data`. */
export const prayerTimesDay = Type.Object({
  date: Type.Object({
    gregorian: Type.String({ format: 'date' }),
    hijri: nullable(Type.Object({ year: Type.Integer(), month: Type.Integer(), day: Type.Integer() }), {
      description: 'Umm al-Qura date; null outside its table (1924-08-01 to 2077-11-16).',
    }),
  }),
  location: Type.Object({ lat: Type.Number(), lng: Type.Number(), timezone: Type.String() }),
  method: Type.Object(
    {
      ...methodParameters,
      shafaq: Type.Optional(stringEnum(SHAFAQ_KINDS, { description: 'Only for moonsighting-committee.' })),
    },
    {
      description:
        "The method as applied that day: custom angles included, and Umm al-Qura's 120-minute Isha in Ramadan.",
    },
  ),
  madhab: stringEnum(MADHABS),
  highLatitudeRule: stringEnum(HIGH_LATITUDE_RULES),
  timings: clockTimes(
    'Local HH:mm; null where the time does not exist that day ' +
      '(polar day or night without a resolution), never a wrong time.',
  ),
  timestamps: clockTimes('ISO 8601 with the local UTC offset; null like `timings`.', 'date-time'),
});

export const calculationMethod = Type.Object({
  ...methodParameters,
  rounding: stringEnum(['nearest', 'up'], { description: 'How seconds are rounded to the minute.' }),
  notes: nullable(Type.String()),
});
