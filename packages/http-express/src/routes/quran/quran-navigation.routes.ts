import { listDivisionAyahs, listSajdaAyahs, withStudy, type QuranDivision } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { ayah, ayahReadQuery, translationsQuery, withEachTranslation } from './quran-schemas.js';

const TAG = 'Quran';
const SOURCE =
  'Boundaries of the Hafs reading and the Madani mushaf, from the `quran-meta` package (checked in tests against ' +
  'Tanzil’s metadata). Ayahs in order, each with the same fields and `translations` filter as surah reads; ' +
  'unpublished ayahs only for keys holding `write`.';

/** One route per division: `/quran/juz/{n}`, `/quran/pages/{n}`, … */
const divisionRoute = (division: QuranDivision, segment: string, count: number, name: string) =>
  defineRoute({
    method: 'get',
    path: `/quran/${segment}/{n}`,
    resource: 'quran',
    reads: ['quran', 'editions'],
    large: true,
    precomputedPaths: ({ quranLanguages }) =>
      withEachTranslation(count, (n) => `/quran/${segment}/${n}`, quranLanguages),
    tag: TAG,
    summary: `The ayahs of one ${name} (1–${count})`,
    description: `${SOURCE} Another integer: 404.`,
    params: Type.Object({ n: Type.Integer({ description: `${name} number, 1 to ${count}.` }) }),
    query: ayahReadQuery,
    response: Type.Array(ayah),
    handle: async ({ params, query, key }, { stores, quranNavigator }) => ({
      data: await withStudy(
        stores,
        await listDivisionAyahs(stores, quranNavigator, division, params.n, {
          translations: query.translations,
          viewer: key,
        }),
        query,
      ),
    }),
  });

export const juzRoute = divisionRoute('juz', 'juz', 30, 'juz');
export const pageRoute = divisionRoute('page', 'pages', 604, 'page');
export const hizbQuarterRoute = divisionRoute('hizbQuarter', 'hizb-quarters', 240, 'hizb quarter');
export const rukuRoute = divisionRoute('ruku', 'rukus', 556, 'ruku');
export const manzilRoute = divisionRoute('manzil', 'manzils', 7, 'manzil');

export const sajdasRoute = defineRoute({
  method: 'get',
  path: '/quran/sajdas',
  resource: 'quran',
  reads: ['quran', 'editions'],
  tag: TAG,
  summary: 'The 15 ayahs of prostration (sajda)',
  description: SOURCE,
  query: translationsQuery,
  response: Type.Array(ayah),
  handle: async ({ query, key }, { stores, quranNavigator }) => ({
    data: await listSajdaAyahs(stores, quranNavigator, { translations: query.translations, viewer: key }),
  }),
});
