import { AppError, downloadQuranEdition, MissingQuranEdition } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { API_PREFIX } from '../../openapi.js';
import { defineRoute } from '../../platform/route.js';
import { downloadParams, quranDownloadEntry, surahDownloadParams } from './quran-schemas.js';

const TAG = 'Translations';
const LICENSING =
  'Open (no key). ' +
  'One entry per published ayah with the edition’s attribution, licence and source: ' +
  'the full text where the edition is public domain (the Arabic), ' +
  '`text: null` where it is under translator copyright. A language with no edition: 404.';

/** Points a client who asked for a language without an edition at the index of editions. */
const download = (stores: Parameters<typeof downloadQuranEdition>[0], lang: string, surah?: number) =>
  downloadQuranEdition(stores, lang, surah).catch((error: unknown) => {
    if (!(error instanceof MissingQuranEdition)) throw error;
    throw new AppError(
      'NOT_FOUND',
      `There is no Quran edition in '${error.lang}'; GET ${API_PREFIX}/translations lists every edition.`,
    );
  });

export const quranDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/quran/{lang}',
  resource: null,
  reads: ['quran', 'editions'],
  tag: TAG,
  summary: 'Whole-Quran download of one language',
  description: LICENSING,
  params: downloadParams,
  response: Type.Array(quranDownloadEntry),
  handle: async ({ params }, { stores }) => ({ data: await download(stores, params.lang) }),
});

export const quranSurahDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/quran/{lang}/{surah}',
  resource: null,
  reads: ['quran', 'editions'],
  tag: TAG,
  summary: 'One-surah download of one language',
  description: LICENSING,
  params: surahDownloadParams,
  response: Type.Array(quranDownloadEntry),
  handle: async ({ params }, { stores }) => ({ data: await download(stores, params.lang, params.surah) }),
});
