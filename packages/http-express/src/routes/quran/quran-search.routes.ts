import { searchQuran } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { SEARCH_DESCRIPTION, searchHitProperties, searchPage, searchQueryProperties } from '../search-schemas.js';

export const quranSearchRoute = defineRoute({
  method: 'get',
  path: '/quran/search',
  resource: 'quran',
  reads: ['quran', 'editions'],
  tag: 'Quran',
  summary: 'Search the Quran: the Arabic and every translation',
  description: `${SEARCH_DESCRIPTION} Unpublished ayahs are found only by keys holding \`write\`.`,
  query: Type.Object({
    ...searchQueryProperties,
    surah: Type.Optional(Type.Integer({ minimum: 1, maximum: 114, description: 'Only ayahs of this surah.' })),
  }),
  response: searchPage({
    key: Type.String({ description: '`surah:ayah`.' }),
    surah: Type.Integer(),
    ayah: Type.Integer(),
    ...searchHitProperties,
  }),
  handle: async ({ query, key }, { stores }) => ({ data: await searchQuran(stores, { ...query, viewer: key }) }),
});
