import { getHadith, getHadithCollection, listCollectionHadiths, listHadithCollections } from '@islamic-data/core';
import type { RouteDefinition } from '../../platform/route.js';
import { collectionParams, hadith, hadithCollection, hadithPage, hadithPageQuery, hadithParams, translationsQuery } from './hadith-schemas.js';

const TAG = 'Hadith';

export const listCollectionsRoute: RouteDefinition = {
  method: 'get',
  path: '/hadith/collections',
  resource: 'hadith',
  tag: TAG,
  summary: 'All Hadith collections',
  description: '`total` is the number of published hadiths of the collection.',
  response: { type: 'array', items: hadithCollection },
  handle: async (_input, { stores }) => ({ data: await listHadithCollections(stores) }),
};

export const getCollectionRoute: RouteDefinition<unknown, { id: string }> = {
  method: 'get',
  path: '/hadith/collections/{id}',
  resource: 'hadith',
  tag: TAG,
  summary: 'One Hadith collection',
  params: collectionParams,
  response: hadithCollection,
  handle: async ({ params }, { stores }) => ({ data: await getHadithCollection(stores, params.id) }),
};

export const listHadithsRoute: RouteDefinition<{ limit: number; startAfter?: number; translations?: string }, { id: string }> = {
  method: 'get',
  path: '/hadith/collections/{id}/hadiths',
  resource: 'hadith',
  tag: TAG,
  summary: 'A page of hadiths of a collection, in number order (keyset pagination)',
  description:
    'Returns up to `limit` hadiths numbered above `startAfter`. Follow `nextStartAfter` until it is null. Unpublished hadiths are listed only for keys with the write permission.',
  params: collectionParams,
  query: hadithPageQuery,
  response: hadithPage,
  handle: async ({ params, query, key }, { stores }) => ({
    data: await listCollectionHadiths(stores, params.id, { ...query, viewer: key }),
  }),
};

export const getHadithRoute: RouteDefinition<{ translations?: string }, { id: string; number: number }> = {
  method: 'get',
  path: '/hadith/collections/{id}/hadiths/{number}',
  resource: 'hadith',
  tag: TAG,
  summary: 'One hadith with its Arabic text and translations',
  description: 'An unpublished hadith is 404 for keys without the write permission.',
  params: hadithParams,
  query: { type: 'object', properties: { translations: translationsQuery } },
  response: hadith,
  handle: async ({ params, query, key }, { stores }) => ({
    data: await getHadith(stores, params.id, params.number, { translations: query.translations, viewer: key }),
  }),
};
