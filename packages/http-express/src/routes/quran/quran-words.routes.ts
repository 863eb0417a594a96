import { WORD_PAGE_LIMIT, wordOccurrences } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { nullable } from '../../platform/schema.js';
import { credit } from './quran-schemas.js';

const TAG = 'Quran';

const wordPageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: WORD_PAGE_LIMIT.min,
      maximum: WORD_PAGE_LIMIT.max,
      default: WORD_PAGE_LIMIT.default,
      description: `Locations per page, ${WORD_PAGE_LIMIT.min}–${WORD_PAGE_LIMIT.max}.`,
    }),
  ),
  startAfter: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,3}:[0-9]{1,3}:[0-9]{1,3}$',
      description: 'The last location already seen (the previous page’s `nextStartAfter`), e.g. `2:255:3`.',
    }),
  ),
});

const pageProperties = {
  occurrences: Type.Integer({ minimum: 1, description: 'How many words of the Quran have it (every page).' }),
  locations: Type.Array(Type.String({ description: '`surah:ayah:position`' }), {
    description: 'A page of the words that have it, in mushaf order.',
  }),
  nextStartAfter: nullable(Type.String(), { description: 'Pass as `startAfter` for the next page; null: the last.' }),
  credit,
};

const CORPUS =
  'From the Quranic Arabic Corpus (GPL, corpus.quran.com), credited in `credit`. Word locations follow the ' +
  'corpus (37:130 has 3 words).';

export const rootRoute = defineRoute({
  method: 'get',
  path: '/quran/roots/{root}',
  resource: 'quran',
  reads: ['quran'],
  tag: TAG,
  summary: 'A root: how often it occurs, its lemmas and where (paged)',
  description:
    'The root in Arabic letters (`رحم`) or in Buckwalter as the corpus writes it (`rHm`); no word with it: 404. ' +
    CORPUS,
  params: Type.Object({
    root: Type.String({ minLength: 1, maxLength: 20, description: 'Arabic letters or Buckwalter.' }),
  }),
  query: wordPageQuery,
  response: Type.Object(
    {
      root: Type.String({ description: 'Buckwalter, as the corpus keys it.' }),
      rootAr: Type.String({ description: 'The same letters in Arabic script.' }),
      lemmas: Type.Array(Type.String(), { description: 'The lemmas of its words (Buckwalter), sorted.' }),
      ...pageProperties,
    },
    { additionalProperties: false },
  ),
  handle: async ({ params, query }, { stores }) => ({
    data: await wordOccurrences(stores, 'root', params.root, query),
  }),
});

export const lemmaRoute = defineRoute({
  method: 'get',
  path: '/quran/lemmas/{lemma}',
  resource: 'quran',
  reads: ['quran'],
  tag: TAG,
  summary: 'A lemma: how often it occurs, its root and where (paged)',
  description: `The lemma in extended Buckwalter as the corpus writes it (\`r~aHiym\`); none has it: 404. ${CORPUS}`,
  params: Type.Object({
    lemma: Type.String({ minLength: 1, maxLength: 40, description: 'Extended Buckwalter.' }),
  }),
  query: wordPageQuery,
  response: Type.Object(
    {
      lemma: Type.String(),
      roots: Type.Array(Type.String(), { description: 'Its root (none for particles and some names).' }),
      ...pageProperties,
    },
    { additionalProperties: false },
  ),
  handle: async ({ params, query }, { stores }) => ({
    data: await wordOccurrences(stores, 'lemma', params.lemma, query),
  }),
});
