import { ayahOfTheDay, PARAMETER_RULES, randomAyah, withNavigation, withStudy } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { ayah, ayahReadQuery, translationsQuery } from './quran-schemas.js';

const TAG = 'Quran';

export const dateQuery = Type.String({
  format: 'date',
  errorMessage: PARAMETER_RULES.isoDate,
  description: 'The day, YYYY-MM-DD; absent: today in UTC.',
});

export const randomAyahRoute = defineRoute({
  method: 'get',
  path: '/quran/ayahs/random',
  resource: 'quran',
  tag: TAG,
  summary: 'A random ayah (each of the 6,236 as likely)',
  description: 'A new pick on every request (never cached). Takes the options of ayah reads.',
  query: ayahReadQuery,
  response: ayah,
  handle: async ({ query, key }, { stores, quranNavigator }) => ({
    data: (
      await withStudy(
        stores,
        [withNavigation(quranNavigator, await randomAyah(stores, { translations: query.translations, viewer: key }))],
        query,
      )
    )[0],
  }),
});

export const ayahOfTheDayRoute = defineRoute({
  method: 'get',
  path: '/quran/ayah-of-the-day',
  resource: 'quran',
  reads: ['quran', 'editions'],
  usesClock: true,
  tag: TAG,
  summary: 'The ayah of the day: the same all day for every caller, and for a date forever',
  description:
    'Chosen from the date alone (SHA-256 of `ayah:YYYY-MM-DD` modulo 6,236, in mushaf order), so every server ' +
    'process answers the same for a date, before and after a restart. An unpublished ayah passes the choice to ' +
    'the next published one.',
  query: Type.Object({ ...translationsQuery.properties, date: Type.Optional(dateQuery) }),
  response: Type.Object({ date: Type.String({ description: 'YYYY-MM-DD.' }), ayah }, { additionalProperties: false }),
  handle: async ({ query, key }, { stores, clock, quranNavigator }) => {
    const { date, ayah: chosen } = await ayahOfTheDay(stores, clock, { ...query, viewer: key });
    return { data: { date, ayah: withNavigation(quranNavigator, chosen) } };
  },
});
