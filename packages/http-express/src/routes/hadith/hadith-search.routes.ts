import { searchHadith } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { SEARCH_DESCRIPTION, searchHitProperties, searchPage, searchQueryProperties } from '../search-schemas.js';
import { collectionSlug } from './hadith-schemas.js';

export const hadithSearchRoute = defineRoute({
  method: 'get',
  path: '/hadith/search',
  resource: 'hadith',
  reads: ['hadith', 'editions'],
  // Ranking a common word's thousands of matches took up to 17 ms: built off the event loop, as large answers are.
  large: true,
  tag: 'Hadith',
  summary: 'Search the Hadith: the Arabic and every translation of the nine collections',
  description:
    `${SEARCH_DESCRIPTION} A \`collection\` the API does not hold: 400. ` +
    'Unpublished hadiths are found only by keys holding `write`.',
  query: Type.Object({
    ...searchQueryProperties,
    collection: Type.Optional(Type.String({ description: `Only this collection. ${collectionSlug.description}` })),
  }),
  response: searchPage({
    collection: Type.String(),
    number: Type.String({ description: 'The number the hadith is cited by (as in its path).' }),
    sequence: Type.Integer({ description: 'Its position in the collection.' }),
    ...searchHitProperties,
  }),
  handle: async ({ query, key }, { stores }) => ({ data: await searchHadith(stores, { ...query, viewer: key }) }),
});
