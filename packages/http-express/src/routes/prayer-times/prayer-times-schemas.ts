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
} from '@islamic-data/core';
import type { JsonSchema } from '../../platform/route.js';
import { latitude, longitude } from '../common-schemas.js';

/** Schemas of the prayer-time routes (CONTRACT §6). Rules the schema cannot state (a real zone, parameters that go together) are the core's. */

const METHODS = listMethods();
const { oneOf } = PARAMETER_RULES;

const method: JsonSchema = {
  type: 'string',
  enum: [...METHODS.map((m) => m.id), ...METHODS.map((m) => String(m.aladhanId))],
  default: DEFAULT_METHOD_ID,
  errorMessage: METHOD_RULE,
  description: [
    'Calculation method: a slug, or Aladhan\'s numeric id as an alias',
    `(${METHODS.map((m) => `${m.id} = ${m.aladhanId}`).join(', ')}).`,
    '`GET /prayer-times/methods` lists each with its parameters.',
    '`custom` takes `fajrAngle`, `ishaAngle` or `ishaInterval`; those left out default to 18°, 17° and none.',
  ].join(' '),
};

const angle = (prayer: string): JsonSchema => ({
  type: 'number',
  exclusiveMinimum: 0,
  maximum: CUSTOM_METHOD_LIMITS.maxAngle,
  errorMessage: PARAMETER_RULES.angle(CUSTOM_METHOD_LIMITS.maxAngle),
  description: `Sun's depression below the horizon for ${prayer}, in degrees. Only with \`method=custom\` (400 otherwise).`,
});

/** Every parameter but the day: shared by `/prayer-times` and `/prayer-times/calendar`. */
const optionProperties: Record<string, JsonSchema> = {
  lat: latitude,
  lng: longitude,
  timezone: {
    type: 'string',
    maxLength: 64,
    description:
      'IANA time zone of the local times, e.g. Europe/London (any case; answered in its canonical case). Absent: the zone in force at `lat`,`lng`, from an offline boundary map. An unknown name: 400.',
  },
  method,
  madhab: {
    type: 'string',
    enum: [...MADHABS],
    default: 'shafi',
    errorMessage: oneOf(MADHABS),
    description: 'Asr shadow factor: `shafi` 1 (also Maliki and Hanbali), `hanafi` 2.',
  },
  highLatitudeRule: {
    type: 'string',
    enum: [...HIGH_LATITUDE_RULES],
    errorMessage: oneOf(HIGH_LATITUDE_RULES),
    description:
      'How Fajr and Isha are bounded where twilight lasts long. Absent: the one recommended for the latitude (`seventh-of-the-night` above 48°, else `middle-of-the-night`). The rule applied is echoed in the response.',
  },
  polarCircleResolution: {
    type: 'string',
    enum: [...POLAR_CIRCLE_RESOLUTIONS],
    default: 'unresolved',
    errorMessage: oneOf(POLAR_CIRCLE_RESOLUTIONS),
    description:
      'Where the sun does not rise or set (polar day or night): `aqrab-balad` takes the times of the nearest latitude where it does, `aqrab-yaum` those of the nearest day when it does; `unresolved` answers null for the times that do not exist.',
  },
  shafaq: {
    type: 'string',
    enum: [...SHAFAQ_KINDS],
    errorMessage: oneOf(SHAFAQ_KINDS),
    description: 'Twilight used for Isha by `method=moonsighting-committee` only (400 with any other method); default `general`.',
  },
  fajrAngle: angle('Fajr'),
  ishaAngle: angle('Isha'),
  ishaInterval: {
    type: 'integer',
    minimum: 0,
    maximum: CUSTOM_METHOD_LIMITS.maxIshaInterval,
    errorMessage: PARAMETER_RULES.minutes(CUSTOM_METHOD_LIMITS.maxIshaInterval),
    description: 'Isha this many minutes after Maghrib instead of by angle (not together with `ishaAngle`). Only with `method=custom`.',
  },
  adjustments: {
    type: 'string',
    maxLength: 200,
    description: `Minutes added to the computed times, after the method's own offsets: comma-separated \`name:minutes\` with names ${PRAYER_NAMES.join(', ')} and whole minutes from -${MAX_ADJUSTMENT_MINUTES} to ${MAX_ADJUSTMENT_MINUTES}, e.g. \`fajr:2,isha:-1\`.`,
  },
};

export const prayerTimesQuery: JsonSchema = {
  type: 'object',
  properties: {
    ...optionProperties,
    date: {
      type: 'string',
      format: 'date',
      errorMessage: PARAMETER_RULES.isoDate,
      description: `Gregorian date YYYY-MM-DD, years ${PRAYER_TIMES_YEARS.first}–${PRAYER_TIMES_YEARS.last}. Absent: today in \`timezone\`.`,
    },
  },
  required: ['lat', 'lng'],
};

export const prayerCalendarQuery: JsonSchema = {
  type: 'object',
  properties: {
    ...optionProperties,
    year: {
      type: 'integer',
      minimum: PRAYER_TIMES_YEARS.first,
      maximum: PRAYER_TIMES_YEARS.last,
      errorMessage: PARAMETER_RULES.wholeNumber(PRAYER_TIMES_YEARS.first, PRAYER_TIMES_YEARS.last),
      description: 'Gregorian year.',
    },
    month: { type: 'integer', minimum: 1, maximum: 12, errorMessage: PARAMETER_RULES.wholeNumber(1, 12), description: 'Gregorian month, 1–12.' },
  },
  required: ['lat', 'lng', 'year', 'month'],
};

const offsets: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(PRAYER_NAMES.map((name) => [name, { type: 'integer' }])),
  required: [...PRAYER_NAMES],
  description: 'Minutes added to each time (negative: earlier).',
};

const clockTimes = (description: string, format?: string): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(PRAYER_NAMES.map((name) => [name, { type: ['string', 'null'], ...(format ? { format } : {}) }])),
  required: [...PRAYER_NAMES],
  description,
});

const methodParameters: Record<string, JsonSchema> = {
  id: { type: 'string', description: 'The slug.' },
  name: { type: 'string' },
  aladhanId: { type: 'integer', description: "Aladhan's numeric id, also accepted as `method`." },
  fajrAngle: { type: 'number' },
  ishaAngle: { type: 'number', description: '0 when Isha is a fixed interval after Maghrib.' },
  ishaInterval: { type: 'integer', description: 'Minutes from Maghrib to Isha; 0 when Isha is by angle.' },
  maghribAngle: { type: ['number', 'null'], description: "Sun's depression for Maghrib (Shia methods); null: Maghrib is at sunset." },
  offsets: { ...offsets, description: "The authority's own fixed minute offsets per time." },
};

/** One day: CONTRACT §6 `data`. */
export const prayerTimesDay: JsonSchema = {
  type: 'object',
  properties: {
    date: {
      type: 'object',
      properties: {
        gregorian: { type: 'string', format: 'date' },
        hijri: {
          type: ['object', 'null'],
          properties: { year: { type: 'integer' }, month: { type: 'integer' }, day: { type: 'integer' } },
          required: ['year', 'month', 'day'],
          description: 'Umm al-Qura date; null outside its table (1924-08-01 to 2077-11-16).',
        },
      },
      required: ['gregorian', 'hijri'],
    },
    location: {
      type: 'object',
      properties: { lat: { type: 'number' }, lng: { type: 'number' }, timezone: { type: 'string' } },
      required: ['lat', 'lng', 'timezone'],
    },
    method: {
      type: 'object',
      properties: {
        ...methodParameters,
        shafaq: { type: 'string', enum: [...SHAFAQ_KINDS], description: 'Only for moonsighting-committee.' },
      },
      required: Object.keys(methodParameters),
      description: "The method as applied that day: custom angles included, and Umm al-Qura's 120-minute Isha in Ramadan.",
    },
    madhab: { type: 'string', enum: [...MADHABS] },
    highLatitudeRule: { type: 'string', enum: [...HIGH_LATITUDE_RULES] },
    timings: clockTimes('Local HH:mm; null where the time does not exist that day (polar day or night without a resolution), never a wrong time.'),
    timestamps: clockTimes('ISO 8601 with the local UTC offset; null like `timings`.', 'date-time'),
  },
  required: ['date', 'location', 'method', 'madhab', 'highLatitudeRule', 'timings', 'timestamps'],
};

export const calculationMethod: JsonSchema = {
  type: 'object',
  properties: {
    ...methodParameters,
    rounding: { type: 'string', enum: ['nearest', 'up'], description: 'How seconds are rounded to the minute.' },
    notes: { type: ['string', 'null'] },
  },
  required: [...Object.keys(methodParameters), 'rounding', 'notes'],
};
