import { getHadith, getHadithCollection, listCollectionHadiths, listHadithCollections } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import {
  collectionParams,
  hadith,
  hadithCollection,
  hadithPage,
  hadithPageQuery,
  hadithParams,
  translationsQuery,
} from './hadith-schemas.js';

const TAG = 'Hadith';

export const listCollectionsRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections',
  resource: 'hadith',
  tag: TAG,
  summary: 'All Hadith collections',
  description: '`total` is the number of published hadiths of the collection.',
  response: Type.Array(hadithCollection),
  handle: async (_input, { stores }) => ({ data: await listHadithCollections(stores) }),
});

export const getCollectionRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections/{id}',
  resource: 'hadith',
  tag: TAG,
  summary: 'One Hadith collection',
  params: collectionParams,
  response: hadithCollection,
  handle: async ({ params: { id: collection } }, { stores }) => ({
    data: await getHadithCollection(stores, collection),
  }),
});

export const listHadithsRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections/{id}/hadiths',
  resource: 'hadith',
  tag: TAG,
  summary: 'A page of hadiths of a collection, in number order (keyset pagination)',
  description:
    'Returns up to `limit` hadiths numbered above `startAfter`. ' +
    'Follow `nextStartAfter` until it is null. ' +
    'Unpublished hadiths are listed only for keys with the write permission.',
  params: collectionParams,
  query: hadithPageQuery,
  response: hadithPage,
  handle: async ({ params: { id: collection }, query, key }, { stores }) => ({
    data: await listCollectionHadiths(stores, collection, { ...query, viewer: key }),
  }),
});

export const getHadithRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections/{id}/hadiths/{number}',
  resource: 'hadith',
  tag: TAG,
  summary: 'One hadith with its Arabic text and translations',
  description: 'An unpublished hadith is 404 for keys without the write permission.',
  params: hadithParams,
  query: Type.Object({ translations: Type.Optional(translationsQuery) }),
  response: hadith,
  handle: async ({ params: { id: collection, number }, query, key }, { stores }) => ({
    data: await getHadith(stores, collection, number, { translations: query.translations, viewer: key }),
  }),
});
