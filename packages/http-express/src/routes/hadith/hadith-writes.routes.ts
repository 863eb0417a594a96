import {
  actorOfKey,
  assertNoTextAr,
  deleteHadithTranslation,
  patchHadithMetadata,
  putHadithTranslation,
} from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { forbidArabicLocale, storedTranslation, translationBody } from '../content-schemas.js';
import { hadith, hadithMetadataPatch, hadithParams, translationParams } from './hadith-schemas.js';

const TAG = 'Hadith';

export const putTranslationRoute = defineRoute({
  method: 'put',
  path: '/hadith/collections/{id}/hadiths/{number}/translations/{locale}',
  resource: 'hadith',
  tag: TAG,
  summary: 'Create or replace a translation of a hadith',
  description:
    '201 when created, 200 when replaced; repeating the same text changes nothing and writes no audit entry. ' +
    'The Arabic locale (`ar`, `ar-*`) is read-only: 403 FORBIDDEN_LOCALE, as is a locale the deployment ' +
    'does not accept (ACCEPTED_LOCALES); 429 RATE_LIMITED when the key has started translations in as many ' +
    'new locales today (UTC) as it may. Audited.',
  params: translationParams,
  body: translationBody,
  response: storedTranslation,
  otherSuccess: { status: 201, description: 'Created: the record had no translation in that locale.' },
  guard: forbidArabicLocale,
  errors: ['FORBIDDEN_LOCALE'],
  handle: async ({ params: { id: collection, number, locale }, body, key }, deps) => {
    const { created, translation } = await putHadithTranslation(
      deps,
      { collection, number, locale, text: body.text },
      actorOfKey(key!),
    );
    return { status: created ? 201 : 200, data: translation };
  },
});

export const deleteTranslationRoute = defineRoute({
  method: 'delete',
  path: '/hadith/collections/{id}/hadiths/{number}/translations/{locale}',
  resource: 'hadith',
  tag: TAG,
  summary: 'Delete a translation of a hadith (extension)',
  description:
    'Needs the delete permission; 404 when the hadith has no translation in that locale. ' +
    'Audited and restorable by the operator.',
  params: translationParams,
  response: Type.Null(),
  successStatus: 204,
  guard: forbidArabicLocale,
  errors: ['FORBIDDEN_LOCALE'],
  handle: async ({ params: { id: collection, number, locale }, key }, deps) => {
    await deleteHadithTranslation(deps, { collection, number, locale }, actorOfKey(key!));
    return { status: 204 };
  },
});

export const patchHadithRoute = defineRoute({
  method: 'patch',
  path: '/hadith/collections/{id}/hadiths/{number}',
  resource: 'hadith',
  tag: TAG,
  summary: 'Patch the metadata of a hadith',
  description:
    'Any of `narrator`, `grade`, `tags`, `notes`, `published`; answers the whole updated hadith. ' +
    'An empty body, an unknown field or a wrong type: 400. ' +
    '`text_ar`: 403 FORBIDDEN_LOCALE. Audited.',
  params: hadithParams,
  body: hadithMetadataPatch,
  bodyGuard: assertNoTextAr,
  errors: ['FORBIDDEN_LOCALE'],
  response: hadith,
  handle: async ({ params: { id: collection, number }, body, key }, deps) => ({
    data: await patchHadithMetadata(deps, { collection, number, patch: body }, actorOfKey(key!)),
  }),
});
