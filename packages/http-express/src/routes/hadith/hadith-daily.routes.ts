import { hadithOfTheDay, randomHadith } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { dateQuery } from '../quran/quran-daily.routes.js';
import { collectionSlug, hadith, translationsQuery } from './hadith-schemas.js';

const TAG = 'Hadith';

export const randomHadithRoute = defineRoute({
  method: 'get',
  path: '/hadith/random',
  resource: 'hadith',
  tag: TAG,
  summary: 'A random hadith, of one collection or any, up to a length',
  description:
    'A new pick on every request (never cached), each qualifying hadith as likely. `maxLength`: only hadiths ' +
    'whose Arabic text has at most that many characters (none without Arabic). None qualifies: 404.',
  query: Type.Object({
    collection: Type.Optional(collectionSlug),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Characters of Arabic.' })),
    translations: Type.Optional(translationsQuery),
  }),
  response: hadith,
  handle: async ({ query, key }, { stores }) => ({ data: await randomHadith(stores, { ...query, viewer: key }) }),
});

export const hadithOfTheDayRoute = defineRoute({
  method: 'get',
  path: '/hadith/hadith-of-the-day',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
  usesClock: true,
  tag: TAG,
  summary: 'The hadith of the day: the same all day for every caller, and for a date forever',
  description:
    'Chosen from the date alone (SHA-256 of `hadith:<collection or all>:YYYY-MM-DD` modulo the published ' +
    'hadiths, in collection and sequence order), so every server process answers the same for a date, before ' +
    'and after a restart, while the imported data is the same.',
  query: Type.Object({
    date: Type.Optional(dateQuery),
    collection: Type.Optional(collectionSlug),
    translations: Type.Optional(translationsQuery),
  }),
  response: Type.Object({ date: Type.String({ description: 'YYYY-MM-DD.' }), hadith }, { additionalProperties: false }),
  handle: async ({ query }, { stores, clock }) => ({
    data: await hadithOfTheDay(stores, clock, { ...query, viewer: null }),
  }),
});
