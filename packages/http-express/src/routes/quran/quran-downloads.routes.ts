import { AppError, downloadQuranEdition, MissingQuranEdition, type QuranNavigator } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { API_PREFIX } from '../../openapi.js';
import { defineRoute } from '../../platform/route.js';
import { downloadParams, quranDownloadEntry, SURAH_COUNT, surahDownloadParams } from './quran-schemas.js';

const TAG = 'Translations';
const LICENSING =
  'Open (no key). ' +
  'One entry per published ayah with the edition’s attribution, licence and source: ' +
  'the full text where the edition is public domain (the Arabic), ' +
  '`text: null` where it is under translator copyright. A language with no edition: 404.';

/**
 * The entries with where each ayah sits; a client who asked for a language without an edition is
 * pointed at the index of editions.
 */
async function download(
  { stores, quranNavigator }: { stores: Parameters<typeof downloadQuranEdition>[0]; quranNavigator: QuranNavigator },
  lang: string,
  surah?: number,
) {
  const entries = await downloadQuranEdition(stores, lang, surah).catch((error: unknown) => {
    if (!(error instanceof MissingQuranEdition)) throw error;
    throw new AppError(
      'NOT_FOUND',
      `There is no Quran edition in '${error.lang}'; GET ${API_PREFIX}/translations lists every edition.`,
    );
  });
  return entries.map(({ surah, ayah, ...licensed }) => ({
    surah,
    ayah,
    ...quranNavigator.navigationOf(surah, ayah),
    ...licensed,
  }));
}

export const quranDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/quran/{lang}',
  resource: null,
  reads: ['quran', 'editions'],
  large: true,
  builtAlone: true,
  precomputedPaths: ({ quranLanguages }) => quranLanguages.map((lang) => `/translations/quran/${lang}`),
  tag: TAG,
  summary: 'Whole-Quran download of one language',
  description: LICENSING,
  params: downloadParams,
  response: Type.Array(quranDownloadEntry),
  handle: async ({ params }, deps) => ({ data: await download(deps, params.lang) }),
});

export const quranSurahDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/quran/{lang}/{surah}',
  resource: null,
  reads: ['quran', 'editions'],
  large: true,
  precomputedPaths: ({ quranLanguages }) =>
    quranLanguages.flatMap((lang) =>
      Array.from({ length: SURAH_COUNT }, (_, i) => `/translations/quran/${lang}/${i + 1}`),
    ),
  tag: TAG,
  summary: 'One-surah download of one language',
  description: LICENSING,
  params: surahDownloadParams,
  response: Type.Array(quranDownloadEntry),
  handle: async ({ params }, deps) => ({ data: await download(deps, params.lang, params.surah) }),
});
