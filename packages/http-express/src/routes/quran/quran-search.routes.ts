import { searchQuranTextOrRoot } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { credit } from './quran-schemas.js';
import { SEARCH_DESCRIPTION, searchHitProperties, searchPage, searchQueryProperties } from '../search-schemas.js';

export const quranSearchRoute = defineRoute({
  method: 'get',
  path: '/quran/search',
  resource: 'quran',
  reads: ['quran', 'editions'],
  // Built off the event loop, as the Hadith search is: ranking a common word's matches is slow.
  large: true,
  tag: 'Quran',
  summary: 'Search the Quran: the Arabic and every translation, or by root',
  description:
    `${SEARCH_DESCRIPTION} Unpublished ayahs are found only by keys holding \`write\`. ` +
    'Or `root=` (instead of `q`, Arabic letters or Buckwalter): every ayah with a word of that root (Quranic Arabic ' +
    'Corpus), those with more such words first, then in mushaf order; the snippet is the ayah’s words with the ' +
    'root’s marked, and `rootWords` counts them. Both or neither of `q` and `root`: 400.',
  query: Type.Object({
    ...searchQueryProperties,
    q: Type.Optional(searchQueryProperties.q),
    root: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'A root, `رحم` or `rHm`: search by root instead of `q`.',
      }),
    ),
    surah: Type.Optional(Type.Integer({ minimum: 1, maximum: 114, description: 'Only ayahs of this surah.' })),
  }),
  response: Type.Object(
    {
      ...searchPage({
        key: Type.String({ description: '`surah:ayah`.' }),
        surah: Type.Integer(),
        ayah: Type.Integer(),
        ...searchHitProperties,
        rootWords: Type.Optional(
          Type.Integer({ minimum: 1, description: 'With `root`: how many of its words have it.' }),
        ),
      }).properties,
      credit: Type.Optional(credit),
    },
    { additionalProperties: false },
  ),
  handle: async ({ query, key }, { stores }) => ({
    data: await searchQuranTextOrRoot(stores, { ...query, viewer: key }),
  }),
});
