import { downloadQuranEdition } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { downloadParams, quranDownloadEntry, surahDownloadParams } from './quran-schemas.js';

const TAG = 'Translations';
const LICENSING =
  'Open (no key). One entry per published ayah with the edition’s attribution, licence and source: the full text where the edition is public domain (the Arabic), `text: null` where it is under translator copyright. A language with no edition: 404.';

export const quranDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/quran/{lang}',
  resource: null,
  tag: TAG,
  summary: 'Whole-Quran download of one language',
  description: LICENSING,
  params: downloadParams,
  response: Type.Array(quranDownloadEntry),
  handle: async ({ params }, { stores }) => ({ data: await downloadQuranEdition(stores, params.lang) }),
});

export const quranSurahDownloadRoute = defineRoute({
  method: 'get',
  path: '/translations/quran/{lang}/{surah}',
  resource: null,
  tag: TAG,
  summary: 'One-surah download of one language',
  description: LICENSING,
  params: surahDownloadParams,
  response: Type.Array(quranDownloadEntry),
  handle: async ({ params }, { stores }) => ({ data: await downloadQuranEdition(stores, params.lang, params.surah) }),
});
