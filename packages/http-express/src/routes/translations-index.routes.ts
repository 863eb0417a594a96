import { editionIndexEntry, type Edition } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { API_PREFIX } from '../openapi.js';
import { defineRoute } from '../platform/route.js';
import { nullable, stringEnum } from '../platform/schema.js';

export const translationIndexEntry = Type.Object({
  resource: stringEnum(['quran', 'hadith']),
  collection: nullable(Type.String()),
  lang: Type.String(),
  name: Type.String(),
  translator: Type.Optional(nullable(Type.String())),
  attribution: Type.String(),
  license: Type.String(),
  source_url: Type.String(),
  publicDomain: Type.Boolean(),
  path: Type.String(),
});

/** The path of an edition's open download. */
export function downloadPath(edition: Pick<Edition, 'resource' | 'collection' | 'lang'>): string {
  return edition.resource === 'quran'
    ? `${API_PREFIX}/translations/quran/${edition.lang}`
    : `${API_PREFIX}/translations/hadith/${edition.collection}/${edition.lang}`;
}

export const translationsIndexRoute = defineRoute({
  method: 'get',
  path: '/translations',
  resource: null,
  reads: ['editions'],
  tag: 'Translations',
  summary: 'Index of every downloadable edition with its licence (open, no key)',
  description:
    'One entry per (resource, collection, language). ' +
    'Public-domain editions (the Arabic texts) download in full; ' +
    'editions under translator copyright download with `text: null` and their attribution, licence and source.',
  response: Type.Array(translationIndexEntry),
  handle: async (_input, { stores }) => ({
    data: (await stores.editions.list()).map((edition) => ({
      ...editionIndexEntry(edition),
      path: downloadPath(edition),
    })),
  }),
});
