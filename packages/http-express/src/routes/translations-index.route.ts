import { editionIndexEntry } from '@islamic-data/core';
import type { RouteDefinition } from '../platform/route.js';

export const translationIndexEntry = {
  type: 'object',
  properties: {
    resource: { type: 'string', enum: ['quran', 'hadith'] },
    collection: { type: ['string', 'null'] },
    lang: { type: 'string' },
    name: { type: 'string' },
    translator: { type: ['string', 'null'] },
    attribution: { type: 'string' },
    license: { type: 'string' },
    source_url: { type: 'string' },
    publicDomain: { type: 'boolean' },
    path: { type: 'string' },
  },
  required: ['resource', 'collection', 'lang', 'name', 'attribution', 'license', 'source_url', 'publicDomain', 'path'],
};

export const translationsIndexRoute: RouteDefinition = {
  method: 'get',
  path: '/translations',
  resource: null,
  tag: 'Translations',
  summary: 'Index of every downloadable edition with its licence (open, no key)',
  description:
    'One entry per (resource, collection, language). Public-domain editions (the Arabic texts) download in full; editions under translator copyright download with `text: null` and their attribution, licence and source.',
  response: { type: 'array', items: translationIndexEntry },
  handle: async (_input, { stores }) => ({ data: (await stores.editions.list()).map(editionIndexEntry) }),
};
