import { isDeepStrictEqual } from 'node:util';
import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { assertNoTextAr, assertSafeMetadataText, definedFieldsOf } from '../shared/content-writes-validation.js';
import { assertWritableLocale } from '../shared/locale.js';
import { assertSafeText } from '../shared/text.js';
import { assertAcceptedLocale, assertNewLocaleAllowed, type LocalePolicy } from '../shared/locale-policy.js';
import { AUDIT_ACTIONS, type ContentMetadata, type Translation } from '../shared/translation.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { ayahKey, type Ayah, type AyahRef } from './quran.js';
import { requireAyah } from './read-quran.js';

/** The metadata fields a PATCH of an ayah may give. */
export type AyahMetadataPatch = Partial<ContentMetadata>;

export interface QuranWriteDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
  /** Which locales a deployment accepts and how many new ones a key may start a day (any, unbounded when absent). */
  localePolicy?: LocalePolicy;
}

/**
 * Creates or replaces one translation of an ayah, audited in the same transaction. Repeating the
 * same text is answered the same way but writes nothing: no row, no audit entry (issue 26).
 */
export async function putAyahTranslation(
  deps: QuranWriteDeps,
  input: AyahRef & { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  const { surah, ayah, locale, text } = input;
  assertWritableLocale(locale);
  assertSafeText('text', text, 'text');
  assertAcceptedLocale(deps.localePolicy, locale);
  return deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString(); // inside the transaction: audit times follow commit order
    await requireAyah(stores, surah, ayah, { locales: [] });
    const before = (await stores.quran.getTranslation(surah, ayah, locale)) ?? null;
    if (before?.text === text) return { created: false, translation: before };
    if (before === null) await assertNewLocaleAllowed(deps, stores, actor, locale, at);
    await stores.quran.putTranslation(surah, ayah, { locale, text, updatedAt: at });
    const after = (await stores.quran.getTranslation(surah, ayah, locale))!;
    const target = { type: 'ayah-translation', surah, ayah, locale } as const;
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.putTranslation, target, before, after });
    return { created: before === null, translation: after };
  });
}

/** Deletes one translation of an ayah (404 when there is none), audited with after = null. */
export async function deleteAyahTranslation(
  deps: QuranWriteDeps,
  input: AyahRef & { locale: string },
  actor: Actor,
): Promise<void> {
  const { surah, ayah, locale } = input;
  assertWritableLocale(locale);
  await deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString();
    await requireAyah(stores, surah, ayah, { locales: [] });
    const before = await stores.quran.getTranslation(surah, ayah, locale);
    if (!before) throw notFound(`Ayah ${ayahKey(surah, ayah)} has no '${locale}' translation.`);
    await stores.quran.deleteTranslation(surah, ayah, locale);
    const target = { type: 'ayah-translation', surah, ayah, locale } as const;
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.deleteTranslation, target, before, after: null });
  });
}

/** Patches tags, notes and published; the audit entry holds the whole ayah before and after. */
export async function patchAyahMetadata(
  deps: QuranWriteDeps,
  input: AyahRef & { patch: AyahMetadataPatch },
  actor: Actor,
): Promise<Ayah> {
  const { surah, ayah } = input;
  const { patch } = input;
  assertNoTextAr(patch);
  assertSafeMetadataText(patch);
  return deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString();
    const before = await requireAyah(stores, surah, ayah);
    const { tags, notes, published } = before;
    const metadata = { tags, notes, published, ...definedFieldsOf(patch) };
    if (isDeepStrictEqual(metadata, { tags, notes, published })) return before; // changes nothing: no audit
    await stores.quran.setMetadata(surah, ayah, metadata);
    const after = await requireAyah(stores, surah, ayah);
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.patchMetadata,
      target: { type: 'ayah', surah, ayah },
      before,
      after,
    });
    return after;
  });
}
