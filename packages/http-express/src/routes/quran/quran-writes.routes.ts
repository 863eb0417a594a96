import {
  actorOfKey,
  assertNoTextAr,
  deleteAyahTranslation,
  patchAyahMetadata,
  withNavigation,
  putAyahTranslation,
} from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { forbidArabicLocale, storedTranslation, translationBody } from '../content-schemas.js';
import { ayah, ayahMetadataPatch, ayahParams, ayahTranslationParams } from './quran-schemas.js';

const TAG = 'Quran';

export const putAyahTranslationRoute = defineRoute({
  method: 'put',
  path: '/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}',
  resource: 'quran',
  tag: TAG,
  summary: 'Create or replace a translation of an ayah',
  description:
    '201 when created, 200 when replaced; repeating the same text changes nothing ' +
    '(the stored `updatedAt` stays) and writes no audit entry. ' +
    'The Arabic locale (`ar`, `ar-*`) is read-only: 403 FORBIDDEN_LOCALE, as is a locale the deployment ' +
    'does not accept (ACCEPTED_LOCALES); 429 RATE_LIMITED when the key has started translations in as many ' +
    'new locales today (UTC) as it may. Audited.',
  params: ayahTranslationParams,
  body: translationBody,
  response: storedTranslation,
  otherSuccess: { status: 201, description: 'Created: the record had no translation in that locale.' },
  guard: forbidArabicLocale,
  errors: ['FORBIDDEN_LOCALE'],
  handle: async ({ params, body, key }, deps) => {
    const { created, translation } = await putAyahTranslation(deps, { ...params, text: body.text }, actorOfKey(key!));
    return { status: created ? 201 : 200, data: translation };
  },
});

export const deleteAyahTranslationRoute = defineRoute({
  method: 'delete',
  path: '/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}',
  resource: 'quran',
  tag: TAG,
  summary: 'Delete a translation of an ayah (extension)',
  description:
    'Needs the delete permission; 404 when the ayah has no translation in that locale. ' +
    'Audited and restorable by the operator.',
  params: ayahTranslationParams,
  response: Type.Null(),
  successStatus: 204,
  guard: forbidArabicLocale,
  errors: ['FORBIDDEN_LOCALE'],
  handle: async ({ params, key }, deps) => {
    await deleteAyahTranslation(deps, params, actorOfKey(key!));
    return { status: 204 };
  },
});

export const patchAyahRoute = defineRoute({
  method: 'patch',
  path: '/quran/surahs/{surah}/ayahs/{ayah}',
  resource: 'quran',
  tag: TAG,
  summary: 'Patch the metadata of an ayah',
  description:
    'Any of `tags`, `notes`, `published`; answers the whole updated ayah with every translation. ' +
    'An empty body, an unknown field or a wrong type: 400. ' +
    '`text_ar`: 403 FORBIDDEN_LOCALE. Audited.',
  params: ayahParams,
  body: ayahMetadataPatch,
  bodyGuard: assertNoTextAr,
  errors: ['FORBIDDEN_LOCALE'],
  response: ayah,
  handle: async ({ params, body, key }, deps) => ({
    data: withNavigation(
      deps.quranNavigator,
      await patchAyahMetadata(deps, { ...params, patch: body }, actorOfKey(key!)),
    ),
  }),
});
