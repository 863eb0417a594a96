import { downloadHadithEdition } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { languageCode } from '../content-schemas.js';
import { collectionSlug, hadithDownloadEntry } from './hadith-schemas.js';

export const hadithDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/hadith/{collection}/{lang}',
  resource: null,
  reads: ['hadith', 'editions'],
  large: true,
  builtAlone: true,
  precomputedPaths: ({ hadithEditions }) =>
    hadithEditions.map(({ collection, lang }) => `/translations/hadith/${collection}/${lang}`),
  tag: 'Translations',
  summary: 'Download a whole Hadith collection in one language (open, no key)',
  description:
    'One entry per published hadith that has text in that language, in sequence order, each with the ' +
    'edition’s attribution, licence and source. Public-domain editions (Arabic) give the text; ' +
    'translator-credited ones (English) give `text: null`. A collection or language without an edition: 404.',
  params: Type.Object({ collection: collectionSlug, lang: languageCode }),
  response: Type.Array(hadithDownloadEntry),
  handle: async ({ params }, { stores }) => ({
    data: await downloadHadithEdition(stores, params.collection, params.lang),
  }),
});
