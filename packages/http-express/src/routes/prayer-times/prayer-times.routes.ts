import { FEED_PRAYERS, listMethods, prayerCalendar, prayerCalendarFeed, prayerTimes } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import {
  calculationMethod,
  prayerCalendarQuery,
  prayerFeedQuery,
  prayerTimesDay,
  prayerTimesQuery,
} from './prayer-times-schemas.js';

const TAG = 'Prayer times';

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
  handle: async ({ query }, { clock }) => ({ data: prayerTimes({ ...query, now: clock.now() }) }),
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
    'The parameters of `GET /prayer-times` with `year` and `month` (both required) instead of `date`;',
    '`data` is one `/prayer-times` object per day of the month, in order.',
    'Each day is reckoned in `timezone`, so days across a DST change carry their own offsets.',
    NULL_TIMES,
  ].join(' '),
  query: prayerCalendarQuery,
  response: Type.Array(prayerTimesDay, { minItems: 28, maxItems: 31 }),
  handle: async ({ query }) => ({ data: prayerCalendar(query) }),
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
    'Calendar apps cannot send headers, so this route alone also takes the key as `?key=`; such a URL is a secret.',
    'Errors are JSON envelopes as everywhere.',
  ].join(' '),
  query: prayerFeedQuery,
  response: Type.String({ description: 'text/calendar; charset=utf-8, CRLF line endings, lines folded at 75 octets.' }),
  produces: {
    contentType: 'text/calendar; charset=utf-8',
    filename: 'prayer-times.ics',
    description: 'An iCalendar feed.',
  },
  keyInQuery: true,
  handle: async ({ query }, { clock }) => {
    const { key: _key, ...options } = query;
    return { text: prayerCalendarFeed({ ...options, now: clock.now() }) };
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
