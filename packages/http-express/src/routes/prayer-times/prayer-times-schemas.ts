import {
  AUTO_METHOD_ID,
  FEED_ALARM_LIMIT,
  NAME_LANGUAGES,
  CUSTOM_METHOD_LIMITS,
  HIJRI_ADJUSTMENT_LIMIT,
  MAX_FEED_MONTHS,
  MIDNIGHT_MODES,
  SUNNAH_LIMITS,
  TIMING_NAMES,
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
  type TimingName,
} from '@islamic-data/core';
import { Type, type TSchema } from '@sinclair/typebox';
import { nullable, stringEnum } from '../../platform/schema.js';
import { citySchema, placeProperties } from '../common-schemas.js';

/**
 * Schemas of the prayer-time routes (CONTRACT §6). Rules the schema cannot state (a real zone,
 * parameters that go together) are the core's.
 */

const METHODS = listMethods();
const { oneOf } = PARAMETER_RULES;

const method = stringEnum([...METHODS.map((m) => m.id), AUTO_METHOD_ID, ...METHODS.map((m) => String(m.aladhanId))], {
  default: DEFAULT_METHOD_ID,
  errorMessage: METHOD_RULE,
  description: [
    "Calculation method: a slug, or Aladhan's numeric id as an alias",
    `(${METHODS.map((m) => `${m.id} = ${m.aladhanId}`).join(', ')}).`,
    '`GET /prayer-times/methods` lists each with its parameters.',
    '`custom` takes `fajrAngle`, `ishaAngle` or `ishaInterval`; those left out default to 18°, 17° and none.',
    '`auto`: the method of the authority of the country at `lat`,`lng` (the country is that of the IANA zone found',
    'there offline: Diyanet in Türkiye, Umm al-Qura in Saudi Arabia, ISNA in the US and Canada, Egyptian in Egypt,',
    'Karachi in Pakistan, India, Bangladesh and Afghanistan, JAKIM, KEMENAG, MUIS, UOIF, Russia, Dubai, Kuwait, Qatar,',
    'Gulf in Bahrain and Oman, Tehran, Tunisia, Algeria, Morocco, Portugal, Jordan),',
    'else, and at sea, Muslim World League;',
    "the response's `method` then has `chosenBy` (`country` or `default`) and `country`.",
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

/** Shared with `/hijri`: the one rule every Hijri date follows. */
export const hijriAdjustment = Type.Integer({
  minimum: -HIJRI_ADJUSTMENT_LIMIT,
  maximum: HIJRI_ADJUSTMENT_LIMIT,
  default: 0,
  errorMessage: PARAMETER_RULES.wholeNumber(-HIJRI_ADJUSTMENT_LIMIT, HIJRI_ADJUSTMENT_LIMIT),
  description:
    'Days added to the Umm al-Qura date for a local moon sighting ' +
    "(1: the month began a day earlier than Umm al-Qura's), " +
    'applied the same way on `/hijri`, `/prayer-times` and the calendars and echoed as `hijriAdjustment`; ' +
    "Umm al-Qura's Ramadan Isha follows the adjusted date.",
});

/** Every parameter but the day: shared by `/prayer-times` and `/prayer-times/calendar`. */
const optionProperties = {
  ...placeProperties,
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
  imsakMinutes: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: SUNNAH_LIMITS.maxImsakMinutes,
      default: SUNNAH_LIMITS.defaultImsakMinutes,
      errorMessage: PARAMETER_RULES.wholeNumber(0, SUNNAH_LIMITS.maxImsakMinutes),
      description: '`imsak` is this many minutes before Fajr (after adjustments).',
    }),
  ),
  midnightMode: Type.Optional(
    stringEnum(MIDNIGHT_MODES, {
      default: 'standard',
      errorMessage: oneOf(MIDNIGHT_MODES),
      description:
        'The night that `midnight`, `firstThird` and `lastThird` divide: ' +
        "`standard` from Maghrib to the next day's Fajr (adhan's SunnahTimes), " +
        "`jafari` from sunset to the next Fajr (Aladhan's and PrayTimes' Jafari midnight). " +
        "Aladhan's own standard midnight (sunset to sunrise) is not offered.",
    }),
  ),
  hijriAdjustment: Type.Optional(hijriAdjustment),
};

/** `lang` of the JSON routes: the six times' names in one language (`names`). */
const jsonLang = Type.Optional(
  stringEnum(NAME_LANGUAGES, {
    errorMessage: oneOf(NAME_LANGUAGES),
    description:
      'Adds `names`: the six times named in this language (' +
      NAME_LANGUAGES.join(', ') +
      '). ' +
      'Weekday and month names carry all five languages anyway.',
  }),
);

export const prayerTimesQuery = Type.Object({
  ...optionProperties,
  lang: jsonLang,
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

const gregorianMonthProperties = {
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
};

export const prayerCalendarQuery = Type.Object({
  ...optionProperties,
  lang: jsonLang,
  year: Type.Optional(gregorianMonthProperties.year),
  month: Type.Optional(gregorianMonthProperties.month),
  hijriYear: Type.Optional(
    Type.Integer({
      minimum: 1343,
      maximum: 1500,
      errorMessage: PARAMETER_RULES.wholeNumber(1343, 1500),
      description: 'Instead of `year` and `month`: a Hijri (Umm al-Qura) month, e.g. a Ramadan timetable.',
    }),
  ),
  hijriMonth: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 12,
      errorMessage: PARAMETER_RULES.wholeNumber(1, 12),
      description: 'With `hijriYear`: the Hijri month, 1–12 (9 is Ramadan).',
    }),
  ),
});

/** The feed's own parameters (CONTRACT §19), shared with every calendar feed. */
export const feedOptionProperties = {
  alarm: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: FEED_ALARM_LIMIT,
      errorMessage: PARAMETER_RULES.wholeNumber(0, FEED_ALARM_LIMIT),
      description: `A reminder (VALARM) this many minutes (0–${FEED_ALARM_LIMIT}) before each prayer event.`,
    }),
  ),
  lang: Type.Optional(
    stringEnum(NAME_LANGUAGES, {
      default: 'en',
      errorMessage: oneOf(NAME_LANGUAGES),
      description: "The language of the events' names and the calendar's title: " + NAME_LANGUAGES.join(', ') + '.',
    }),
  ),
  events: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'true: the Islamic days (`/hijri/events`) as all-day events, named in `lang`.',
    }),
  ),
  months: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_FEED_MONTHS,
      default: 1,
      errorMessage: PARAMETER_RULES.wholeNumber(1, MAX_FEED_MONTHS),
      description: 'How many months from `year`/`month` the feed covers.',
    }),
  ),
  key: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'The API key, for calendar apps that cannot send `X-API-Key` (the header wins when both are sent): only a ' +
        'read-only key scoped to `prayer-times` (or to the mosque) is taken here; a URL holding it is a secret.',
    }),
  ),
};

export const prayerFeedQuery = Type.Object({
  ...optionProperties,
  ...gregorianMonthProperties,
  ...feedOptionProperties,
});

/** One schema per prayer name. */
const perPrayer = <T extends TSchema>(schema: () => T) =>
  Object.fromEntries(PRAYER_NAMES.map((name) => [name, schema()])) as Record<PrayerName, T>;

const offsets = (description: string) =>
  Type.Object(
    perPrayer(() => Type.Integer()),
    { description },
  );

const clockTimes = (description: string, format?: string) => {
  const time = () => nullable(Type.String(format ? { format } : {}));
  const times = Object.fromEntries(TIMING_NAMES.map((name) => [name, time()]));
  return Type.Object(times as Record<TimingName, ReturnType<typeof time>>, { description });
};

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

/** A name in each of the five languages (CONTRACT §19). */
export const fiveNames = Type.Object(
  Object.fromEntries(NAME_LANGUAGES.map((lang) => [lang, Type.String()])) as Record<
    (typeof NAME_LANGUAGES)[number],
    ReturnType<typeof Type.String>
  >,
  { description: 'The name in en, ar, az, ru and tr.' },
);

/** The Islamic days of a date (CONTRACT §19), on every Hijri date object. */
export const dayEvents = Type.Array(Type.Object({ id: Type.String(), name: fiveNames }), {
  description: 'The Islamic days falling on this Hijri date (`GET /hijri/events`), ids and names; usually none.',
});

export const placeLocation = Type.Object({
  lat: Type.Number(),
  lng: Type.Number(),
  timezone: Type.String(),
  city: Type.Optional(Type.Object(citySchema.properties, { description: 'Only when the place was asked by `city`.' })),
});

/** One day: CONTRACT §6 `data`. */
export const prayerTimesDay = Type.Object({
  date: Type.Object({
    gregorian: Type.String({ format: 'date' }),
    hijri: nullable(
      Type.Object({ year: Type.Integer(), month: Type.Integer(), day: Type.Integer(), events: dayEvents }),
      {
        description:
          'Umm al-Qura date shifted by `hijriAdjustment` days; null outside its table (1924-08-01 to 2077-11-16).',
      },
    ),
    hijriAdjustment: Type.Integer({ description: 'The `hijriAdjustment` applied (0 when not given).' }),
  }),
  location: placeLocation,
  method: Type.Object(
    {
      ...methodParameters,
      shafaq: Type.Optional(stringEnum(SHAFAQ_KINDS, { description: 'Only for moonsighting-committee.' })),
      chosenBy: Type.Optional(
        stringEnum(['country', 'default'], {
          description:
            'Only with `method=auto`: `country` when the country at the point has a method, ' +
            'else `default` (Muslim World League).',
        }),
      ),
      country: Type.Optional(
        nullable(Type.String(), {
          description:
            'Only with `method=auto`: the ISO 3166-1 code of the country whose method was chosen, else null.',
        }),
      ),
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
      '(polar day or night without a resolution), never a wrong time. ' +
      'After the prayers and sunrise come the sunnah times: `imsak` (Fajr less `imsakMinutes`), ' +
      '`midnight` (half the night, see `midnightMode`) and `firstThird`/`lastThird` ' +
      "(the ends of its first and second third; the night ends at the next day's Fajr), null where an input is null. " +
      '`midnight` and the thirds usually fall on the next calendar day (see `timestamps`).',
  ),
  timestamps: clockTimes('ISO 8601 with the local UTC offset; null like `timings`.', 'date-time'),
  names: Type.Optional(
    Type.Object(
      Object.fromEntries(PRAYER_NAMES.map((name) => [name, Type.String()])) as Record<
        PrayerName,
        ReturnType<typeof Type.String>
      >,
      { description: 'Only with `lang`: fajr, sunrise, dhuhr, asr, maghrib and isha named in that language.' },
    ),
  ),
});

export const calculationMethod = Type.Object({
  ...methodParameters,
  rounding: stringEnum(['nearest', 'up'], { description: 'How seconds are rounded to the minute.' }),
  notes: nullable(Type.String()),
});
