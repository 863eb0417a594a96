import {
  actorOfKey,
  mosqueCalendarFeed,
  mosquePrayerCalendar,
  mosquePrayerTimes,
  putMosqueSchedule,
} from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDefinition } from '../../platform/route.js';
import {
  mosqueCalendarQuery,
  mosqueDayQuery,
  mosqueFeedQuery,
  mosquePrayerDay,
  mosqueSchedule,
  mosqueScheduleBody,
} from './mosque-schedule-schemas.js';
import { mosqueParams } from './mosque-schemas.js';

const TAG = 'Mosques';
const OWN_KEY =
  "A key with the `mosques` scope, or the mosque's own key (scope `mosque:{slug}`, made by the operator with " +
  '`keys create --scopes mosque:{slug}`), which reaches nothing but this mosque.';
const COMPUTED =
  "Adhan times are `/prayer-times`'s at the mosque's coordinates and time zone with the schedule's method, " +
  'madhab, high-latitude rule and adjustments (its defaults without a schedule).';

export const putMosqueScheduleRoute = defineRoute({
  method: 'put',
  path: '/mosques/{slug}/schedule',
  resource: 'mosques',
  scopeFromParam: 'slug',
  tag: TAG,
  summary: "Set a mosque's prayer schedule: its method, iqama and Jumu'ah times",
  description: [
    'Replaces the whole schedule of a published mosque (fields left out take the defaults of `/prayer-times`;',
    'a prayer left out of `iqama` has none). Needs write permission.',
    OWN_KEY,
    'Audited (`mosques/{slug}/schedule`); the operator can roll it back with `audit rollback`.',
    'Invalid fields: 400 naming the field; an unknown or unpublished mosque: 404.',
  ].join(' '),
  params: mosqueParams,
  body: mosqueScheduleBody,
  response: mosqueSchedule,
  handle: async ({ params, body, key }, deps) => ({
    data: await putMosqueSchedule(deps, params.slug, body, actorOfKey(key!)),
  }),
});

export const mosquePrayerTimesRoute = defineRoute({
  method: 'get',
  path: '/mosques/{slug}/prayer-times',
  resource: 'mosques',
  scopeFromParam: 'slug',
  reads: ['mosques'],
  usesClock: true,
  tag: TAG,
  summary: "A mosque's adhan, iqama and Jumu'ah times for a day",
  description: [
    COMPUTED,
    '`iqama` gives each prayer its iqama (`after`: adhan plus minutes; `at`: that local time), null without a',
    "schedule; `jumuah` is set on Fridays only. Readable with the mosque's own key.",
  ].join(' '),
  params: mosqueParams,
  query: mosqueDayQuery,
  response: mosquePrayerDay,
  handle: async ({ params, query }, deps) => ({
    data: await mosquePrayerTimes(deps.stores, params.slug, { ...query, now: deps.clock.now() }),
  }),
});

export const mosqueCalendarRoute = defineRoute({
  method: 'get',
  path: '/mosques/{slug}/prayer-times/calendar',
  resource: 'mosques',
  scopeFromParam: 'slug',
  reads: ['mosques'],
  large: true,
  tag: TAG,
  summary: "A mosque's adhan, iqama and Jumu'ah times for every day of a month",
  description: `One \`/mosques/{slug}/prayer-times\` object per day of the month, in order. ${COMPUTED}`,
  params: mosqueParams,
  query: mosqueCalendarQuery,
  response: Type.Array(mosquePrayerDay, { minItems: 28, maxItems: 31 }),
  handle: async ({ params, query }, deps) => ({ data: await mosquePrayerCalendar(deps.stores, params.slug, query) }),
});

export const mosqueCalendarFeedRoute = defineRoute({
  method: 'get',
  path: '/mosques/{slug}/prayer-times/calendar.ics',
  resource: 'mosques',
  scopeFromParam: 'slug',
  reads: ['mosques'],
  large: true,
  usesClock: true,
  tag: TAG,
  summary: "A calendar feed (iCalendar) of a mosque's adhan, iqama and Jumu'ah times",
  description: [
    'The days of `/mosques/{slug}/prayer-times/calendar` for `months` months:',
    "an event for each adhan, one for each iqama the schedule gives, and the Jumu'ah times on Fridays,",
    "each at its local time (TZID and VTIMEZONE of the mosque's zone). UIDs depend on the mosque, the day, the",
    'event and its time, so a feed fetched after a schedule change replaces the changed events.',
    '`alarm` adds a reminder before each event and `lang` names the events (en, ar, az, ru, tr), as on',
    '`/prayer-times/calendar.ics`; `events=true` adds the Islamic days.',
    'Calendar apps cannot send headers: the key may be sent as `?key=`, and there it must be read-only: scopes only',
    '`prayer-times` and/or `mosque:{slug}`, permission only `read` (CONTRACT §19); any other key there: 403.',
  ].join(' '),
  params: mosqueParams,
  query: mosqueFeedQuery,
  response: Type.String({ description: 'text/calendar; charset=utf-8, CRLF line endings, lines folded at 75 octets.' }),
  produces: {
    contentType: 'text/calendar; charset=utf-8',
    filename: 'mosque-prayer-times.ics',
    description: 'An iCalendar feed.',
  },
  keyInQuery: 'read-only-feed',
  handle: async ({ params, query }, deps) => {
    const { key: _key, ...options } = query;
    return { text: await mosqueCalendarFeed(deps.stores, params.slug, { ...options, now: deps.clock.now() }) };
  },
});

export const mosqueScheduleRoutes: RouteDefinition[] = [
  putMosqueScheduleRoute,
  mosquePrayerTimesRoute,
  mosqueCalendarRoute,
  mosqueCalendarFeedRoute,
] as RouteDefinition[];
