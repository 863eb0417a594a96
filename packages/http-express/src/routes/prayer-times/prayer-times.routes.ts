import {
  CITY_SEARCH_LIMITS,
  FEED_PRAYERS,
  listMethods,
  nextPrayer,
  parameterError,
  prayerCalendar,
  prayerCalendarFeed,
  prayerCalendarOfHijriMonth,
  prayerTimes,
} from '@islamic-data/core';
import { citiesReady, locate, withCity } from './place.js';
import { citySchema } from '../common-schemas.js';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { nullable, stringEnum } from '../../platform/schema.js';
import {
  PARAMETER_RULES,
  PRAYER_NAMES,
  PRAYER_TIME_NAMES,
  type NameLanguage,
  type PrayerName,
} from '@islamic-data/core';
import { placeProperties } from '../common-schemas.js';
import {
  calculationMethod,
  fiveNames,
  placeLocation,
  prayerCalendarQuery,
  prayerFeedQuery,
  prayerTimesDay,
  prayerTimesQuery,
} from './prayer-times-schemas.js';

const TAG = 'Prayer times';

/** With `lang`: the day's `names`, the six times named in that language (CONTRACT §19). */
const inLanguage = <Day extends object>(day: Day, lang: NameLanguage | undefined) =>
  lang === undefined
    ? day
    : { ...day, names: Object.fromEntries(PRAYER_NAMES.map((name) => [name, PRAYER_TIME_NAMES[name][lang]])) };
const placeCountry = placeProperties.country;

const NULL_TIMES =
  '`timings` are local HH:mm and `timestamps` ISO 8601 with the local offset; ' +
  '`sunrise` is included though it is not a prayer, and so are the sunnah times ' +
  '`imsak`, `midnight`, `firstThird` and `lastThird` (see `imsakMinutes` and `midnightMode`). ' +
  '`hijriAdjustment` shifts `date.hijri` and, with Umm al-Qura, the Ramadan Isha. ' +
  'A time that does not exist that day (polar day or night with `polarCircleResolution=unresolved`) ' +
  'is null, never a wrong time.';

export const prayerTimesRoute = defineRoute({
  method: 'get',
  path: '/prayer-times',
  resource: 'prayer-times',
  reads: [],
  usesClock: true,
  tag: TAG,
  summary: 'The five daily prayers, sunrise and the sunnah times for a place and a day',
  description: [
    "Computed with adhan (Aladhan's further methods added).",
    '`date` defaults to today in `timezone`, and `timezone` to the zone at the point.',
    NULL_TIMES,
    'A bad parameter, or one given where it does not apply ' +
      '(`fajrAngle` without `method=custom`, `shafaq` without `method=moonsighting-committee`): ' +
      '400 VALIDATION_ERROR naming it.',
  ].join(' '),
  query: prayerTimesQuery,
  response: prayerTimesDay,
  handle: async ({ query }, deps) => {
    const { options, city } = await locate(query, deps);
    const { lang, ...settings } = options;
    return { data: inLanguage(withCity(prayerTimes({ ...settings, now: deps.clock.now() }), city), lang) };
  },
});

export const prayerCalendarRoute = defineRoute({
  method: 'get',
  path: '/prayer-times/calendar',
  resource: 'prayer-times',
  reads: [],
  large: true,
  usesClock: true,
  tag: TAG,
  summary: 'Prayer times for every day of a month',
  description: [
    'The parameters of `GET /prayer-times` with `year` and `month` (a Gregorian month) instead of `date`,',
    'or `hijriYear` and `hijriMonth` (a Hijri month, as `hijriAdjustment` shifts it: a Ramadan timetable);',
    'exactly one of the two pairs.',
    '`data` is one `/prayer-times` object per day of the month, in order, each with both dates.',
    'Each day is reckoned in `timezone`, so days across a DST change carry their own offsets.',
    NULL_TIMES,
  ].join(' '),
  query: prayerCalendarQuery,
  response: Type.Array(prayerTimesDay, { minItems: 28, maxItems: 31 }),
  handle: async ({ query }, deps) => {
    const { options, city } = await locate(query, deps);
    const { year, month, hijriYear, hijriMonth, lang, ...settings } = options;
    const gregorian = year !== undefined || month !== undefined;
    const hijri = hijriYear !== undefined || hijriMonth !== undefined;
    if (gregorian && hijri)
      throw parameterError(
        ['year', 'hijriYear'],
        'year and hijriYear cannot both be given: send year and month, or hijriYear and hijriMonth.',
      );
    let days;
    if (hijri) {
      if (hijriYear === undefined) throw parameterError('hijriYear', 'hijriYear is required with hijriMonth.');
      if (hijriMonth === undefined) throw parameterError('hijriMonth', 'hijriMonth is required with hijriYear.');
      days = prayerCalendarOfHijriMonth({ ...settings, hijriYear, hijriMonth });
    } else {
      if (year === undefined) throw parameterError('year', 'year is required (or hijriYear and hijriMonth).');
      if (month === undefined) throw parameterError('month', 'month is required (or hijriYear and hijriMonth).');
      days = prayerCalendar({ ...settings, year, month });
    }
    return { data: days.map((day) => inLanguage(withCity(day, city), lang)) };
  },
});

export const prayerCalendarFeedRoute = defineRoute({
  method: 'get',
  path: '/prayer-times/calendar.ics',
  resource: 'prayer-times',
  reads: [],
  large: true,
  usesClock: true,
  tag: TAG,
  summary: 'A calendar feed (iCalendar, RFC 5545) of prayer times to subscribe to',
  description: [
    'The parameters of `GET /prayer-times/calendar` with `months` (1–12, from `year`/`month`).',
    `One VEVENT per prayer and day (${FEED_PRAYERS.join(', ')}): 5 × days events, fewer where a time is null.`,
    'Sunrise, Imsak, midnight and the thirds of the night are not events',
    '(an alarm at sunrise would look like a prayer);',
    'they are written in the description of Fajr and Isha.',
    "Events start at the local time with the zone as TZID, and a VTIMEZONE gives the zone's offsets over the span",
    '(an event within three hours of a clock change starts in UTC, as a local time there may occur twice);',
    'they have no DTEND (they end when they start).',
    'UIDs depend only on the date, the prayer and the parameters that decide the times,',
    'so a calendar that fetches the feed again updates its events instead of duplicating them.',
    '`alarm` adds a VALARM that many minutes before each prayer, `lang` names the events in',
    'en, ar, az, ru or tr, and `events=true` adds the Islamic days (`/hijri/events`) as all-day events.',
    'Calendar apps cannot send headers, so this route also takes the key as `?key=`; such a URL is a secret,',
    'so a key there must be read-only: its scopes exactly `prayer-times` (and `mosque:{slug}` scopes),',
    'its permissions only `read`; any other key in the URL is refused with 403 INSUFFICIENT_SCOPE.',
    'Errors are JSON envelopes as everywhere.',
  ].join(' '),
  query: prayerFeedQuery,
  response: Type.String({ description: 'text/calendar; charset=utf-8, CRLF line endings, lines folded at 75 octets.' }),
  produces: {
    contentType: 'text/calendar; charset=utf-8',
    filename: 'prayer-times.ics',
    description: 'An iCalendar feed.',
  },
  keyInQuery: 'read-only-feed',
  handle: async ({ query }, deps) => {
    const { key: _key, ...rest } = query;
    const { options } = await locate(rest, deps);
    return { text: prayerCalendarFeed({ ...options, now: deps.clock.now() }) };
  },
});

export const prayerMethodsRoute = defineRoute({
  method: 'get',
  path: '/prayer-times/methods',
  resource: 'prayer-times',
  reads: [],
  tag: TAG,
  summary: 'Every calculation method with its parameters',
  description:
    "adhan's twelve methods, the further methods Aladhan offers, and `custom` last. " +
    '`id` and `aladhanId` are both accepted as `method`.',
  response: Type.Array(calculationMethod),
  handle: async () => ({ data: listMethods() }),
});

const moment = {
  name: stringEnum(PRAYER_NAMES),
  names: Type.Object(fiveNames.properties, { description: 'Its name in en, ar, az, ru and tr.' }),
  time: Type.String({ format: 'date-time', description: 'ISO 8601 with the local offset.' }),
};

/** A time of `/next` with its names in the five languages. */
const named = <Moment extends { name: PrayerName }>(moment: Moment) => ({
  ...moment,
  names: { ...PRAYER_TIME_NAMES[moment.name] },
});

export const nextPrayerRoute = defineRoute({
  method: 'get',
  path: '/prayer-times/next',
  resource: 'prayer-times',
  // Computed on every request: `inSeconds` counts from this very second (an answer kept for the minute would not).
  tag: TAG,
  summary: 'The prayer time now and the next one, with the seconds to it',
  description: [
    'The place and settings parameters of `GET /prayer-times` with `at` (an ISO 8601 instant with an offset;',
    'default now) instead of `date`. Over fajr, sunrise, dhuhr, asr, maghrib and isha (sunrise is named, though',
    "not a prayer): `current` began last at `at` (before fajr: the day before's isha), `next` comes next (after",
    "isha: the next day's fajr), `inSeconds` from `at` to its minute. Days are reckoned in `timezone`.",
  ].join(' '),
  query: Type.Object({
    ...Type.Omit(prayerTimesQuery, ['date', 'lang']).properties,
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        errorMessage: 'must be an ISO 8601 instant with an offset, e.g. 2026-03-20T05:30:00+03:00',
        description: 'The instant asked about; default now.',
      }),
    ),
  }),
  response: Type.Object({
    current: nullable(Type.Object(moment), { description: 'Null only where no time is known (polar night).' }),
    next: Type.Object({ ...moment, inSeconds: Type.Integer({ minimum: 0 }) }),
    at: Type.String({ format: 'date-time', description: 'The instant answered for, in UTC.' }),
    location: placeLocation,
    method: prayerTimesDay.properties.method,
  }),
  handle: async ({ query }, deps) => {
    const { options, city } = await locate(query, deps);
    const { current, next, ...rest } = nextPrayer({ ...options, now: deps.clock.now() });
    return { data: withCity({ current: current && named(current), next: named(next), ...rest }, city) };
  },
});

export const citiesRoute = defineRoute({
  method: 'get',
  path: '/cities',
  resource: 'prayer-times',
  reads: [],
  tag: TAG,
  summary: 'Cities whose name begins with the letters typed, for autocomplete',
  description:
    'Cities of GeoNames (CC BY 4.0, geonames.org) whose name or an alternate name begins with `q` ' +
    '(case-, accent- and diacritic-insensitively, any script), most populous first; in `country` when given. ' +
    'Their `name` is what `city` takes; `country` makes it exact.',
  query: Type.Object({
    q: Type.String({ minLength: 1, maxLength: 100, description: 'The first letters of the name.' }),
    country: placeCountry,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CITY_SEARCH_LIMITS.max,
        default: CITY_SEARCH_LIMITS.default,
        errorMessage: PARAMETER_RULES.wholeNumber(1, CITY_SEARCH_LIMITS.max),
        description: `How many cities at most (default ${CITY_SEARCH_LIMITS.default}).`,
      }),
    ),
  }),
  response: Type.Array(citySchema),
  handle: async ({ query }, { cities }) => {
    if (!cities) throw parameterError('q', 'q cannot be looked up: this server has no city directory.');
    await citiesReady({ cities });
    return {
      data: cities.search(query.q, { country: query.country, limit: query.limit ?? CITY_SEARCH_LIMITS.default }),
    };
  },
});
