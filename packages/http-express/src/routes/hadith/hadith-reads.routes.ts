import {
  getHadith,
  getHadithCollection,
  listBookHadiths,
  listCollectionHadiths,
  listHadithBooks,
  listHadithCollections,
  lookupHadithRefs,
} from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import {
  bookParams,
  collectionParams,
  hadithBookSummary,
  hadith,
  hadithCollection,
  hadithPage,
  hadithPageQuery,
  hadithParams,
  hadithRefResult,
  hadithRefsQuery,
  translationsQuery,
} from './hadith-schemas.js';

const TAG = 'Hadith';

export const listCollectionsRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
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
  reads: ['hadith', 'editions'],
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
  reads: ['hadith', 'editions'],
  large: true,
  tag: TAG,
  summary: 'A page of hadiths of a collection, in sequence order (keyset pagination)',
  description:
    'Returns up to `limit` hadiths after the one numbered `startAfter`, in `sequence` (sunnah.com’s) ' +
    'order. Follow `nextStartAfter` (the last item’s `number`) until it is null. Unpublished hadiths are ' +
    'listed only for keys with the write permission.',
  params: collectionParams,
  query: hadithPageQuery,
  response: hadithPage,
  handle: async ({ params: { id: collection }, query, key }, { stores }) => ({
    data: await listCollectionHadiths(stores, collection, { ...query, viewer: key }),
  }),
});

export const listBooksRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections/{id}/books',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
  tag: TAG,
  // Summing a collection's books reads every hadith of it (up to 9 ms): built off the event loop.
  large: true,
  summary: 'The books (kitabs) of a collection, in order',
  description:
    'Each book with the numbers of its first and last published hadith and how many it has; together the ' +
    'books cover every published hadith of the collection once, in `sequence` order.',
  params: collectionParams,
  response: Type.Array(hadithBookSummary),
  handle: async ({ params: { id: collection } }, { stores }) => ({
    data: await listHadithBooks(stores, collection),
  }),
});

export const listBookHadithsRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections/{id}/books/{book}/hadiths',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
  large: true,
  // A book is opened at its first page: at the default size, and at the sizes apps page by.
  precomputedPaths: ({ hadithBooks }) =>
    hadithBooks.flatMap(({ collection, book }) =>
      ['', '?limit=50', '?limit=100'].map((query) => `/hadith/collections/${collection}/books/${book}/hadiths${query}`),
    ),
  tag: TAG,
  summary: 'A page of the hadiths of one book, in order (keyset pagination)',
  description:
    'As the collection’s hadiths page: up to `limit` after `startAfter`, then `nextStartAfter` until null. ' +
    'A book the collection does not have: 404.',
  params: bookParams,
  query: hadithPageQuery,
  response: hadithPage,
  handle: async ({ params: { id: collection, book }, query, key }, { stores }) => ({
    data: await listBookHadiths(stores, collection, book, { ...query, viewer: key }),
  }),
});

export const getHadithRoute = defineRoute({
  method: 'get',
  path: '/hadith/collections/{id}/hadiths/{number}',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
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

export const hadithRefsRoute = defineRoute({
  method: 'get',
  path: '/hadith/refs',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
  tag: TAG,
  summary: 'Look up several hadiths by reference (extension)',
  description:
    'Answers each reference in the order given, with the hadith or null where none (or an unpublished ' +
    'one) has that number. A malformed reference, or more than 100: 400. ' +
    'A number with a comma (`2111a, b`) is looked up by one of its single numbers (`muslim:2111b`).',
  query: hadithRefsQuery,
  response: Type.Array(hadithRefResult),
  handle: async ({ query, key }, { stores }) => ({
    data: await lookupHadithRefs(stores, query.refs, { translations: query.translations, viewer: key }),
  }),
});
