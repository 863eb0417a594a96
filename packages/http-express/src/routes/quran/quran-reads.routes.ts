import { getAyah, listSurahAyahs, listSurahsWithFacts, withNavigation, withStudy } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import {
  ayah,
  ayahParams,
  ayahReadQuery,
  surah,
  surahParams,
  SURAH_COUNT,
  withEachTranslation,
} from './quran-schemas.js';

const TAG = 'Quran';
const UNPUBLISHED = 'Unpublished ayahs are shown (with `published: false`) only to keys holding `write`.';

export const listSurahsRoute = defineRoute({
  method: 'get',
  path: '/quran/surahs',
  resource: 'quran',
  reads: ['quran', 'editions'],
  tag: TAG,
  summary: 'All 114 surahs with their names, ayah counts, revelation order, rukus and pages',
  response: Type.Array(surah),
  handle: async (_input, { stores }) => ({ data: await listSurahsWithFacts(stores) }),
});

export const listAyahsRoute = defineRoute({
  method: 'get',
  path: '/quran/surahs/{surah}/ayahs',
  resource: 'quran',
  reads: ['quran', 'editions'],
  large: true,
  precomputedPaths: ({ quranLanguages }) =>
    withEachTranslation(SURAH_COUNT, (surah) => `/quran/surahs/${surah}/ayahs`, quranLanguages),
  tag: TAG,
  summary: 'Every ayah of a surah, with translations',
  description: UNPUBLISHED,
  params: surahParams,
  query: ayahReadQuery,
  response: Type.Array(ayah),
  handle: async ({ params, query, key }, { stores, quranNavigator }) => ({
    data: await withStudy(
      stores,
      (await listSurahAyahs(stores, params.surah, { translations: query.translations, viewer: key })).map((ayah) =>
        withNavigation(quranNavigator, ayah),
      ),
      query,
    ),
  }),
});

export const getAyahRoute = defineRoute({
  method: 'get',
  path: '/quran/surahs/{surah}/ayahs/{ayah}',
  resource: 'quran',
  reads: ['quran', 'editions'],
  tag: TAG,
  summary: 'One ayah, with translations',
  description: UNPUBLISHED,
  params: ayahParams,
  query: ayahReadQuery,
  response: ayah,
  handle: async ({ params, query, key }, { stores, quranNavigator }) => ({
    data: (
      await withStudy(
        stores,
        [
          withNavigation(
            quranNavigator,
            await getAyah(stores, params.surah, params.ayah, { translations: query.translations, viewer: key }),
          ),
        ],
        query,
      )
    )[0],
  }),
});
