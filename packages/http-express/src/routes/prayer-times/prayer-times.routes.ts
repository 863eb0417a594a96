import { listMethods, prayerCalendar, prayerTimes } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { calculationMethod, prayerCalendarQuery, prayerTimesDay, prayerTimesQuery } from './prayer-times-schemas.js';

const TAG = 'Prayer times';

const NULL_TIMES =
  '`timings` are local HH:mm and `timestamps` ISO 8601 with the local offset; ' +
  '`sunrise` is included though it is not a prayer. ' +
  'A time that does not exist that day (polar day or night with `polarCircleResolution=unresolved`) ' +
  'is null, never a wrong time.';

export const prayerTimesRoute = defineRoute({
  method: 'get',
  path: '/prayer-times',
  resource: 'prayer-times',
  tag: TAG,
  summary: 'The five daily prayers and sunrise for a place and a day',
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

export const prayerMethodsRoute = defineRoute({
  method: 'get',
  path: '/prayer-times/methods',
  resource: 'prayer-times',
  tag: TAG,
  summary: 'Every calculation method with its parameters',
  description:
    "adhan's twelve methods, the further methods Aladhan offers, and `custom` last. " +
    '`id` and `aladhanId` are both accepted as `method`.',
  response: Type.Array(calculationMethod),
  handle: async () => ({ data: listMethods() }),
});
