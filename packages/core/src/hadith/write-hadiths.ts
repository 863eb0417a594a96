import { isDeepStrictEqual } from 'node:util';
import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { assertNoTextAr, assertSafeMetadataText, definedFieldsOf } from '../shared/content-writes-validation.js';
import { assertWritableLocale } from '../shared/locale.js';
import { assertSafeText } from '../shared/text.js';
import { assertAcceptedLocale, assertNewLocaleAllowed, type LocalePolicy } from '../shared/locale-policy.js';
import { AUDIT_ACTIONS, type Translation } from '../shared/translation.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { hadithMetadataOf, type Hadith } from './hadith.js';
import type { HadithMetadataPatch } from './hadith-writes-validation.js';
import { requireHadith, resolveHadithNumber } from './read-hadiths.js';

export interface HadithWriteDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
  /** Which locales a deployment accepts and how many new ones a key may start a day (any, unbounded when absent). */
  localePolicy?: LocalePolicy;
}

/** A hadith as a path names it: `number` in any spelling CONTRACT §10 accepts (`8A`, `5710`). */
export interface HadithRef {
  collection: string;
  number: string;
}

/**
 * Creates or replaces one translation of a hadith, audited in the same transaction. Repeating the
 * same text is answered the same way but writes nothing: no row, no audit entry (issue 26).
 */
export async function putHadithTranslation(
  deps: HadithWriteDeps,
  input: HadithRef & { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  const { collection, number, locale, text } = input;
  assertWritableLocale(locale);
  assertSafeText('text', text, 'text');
  assertAcceptedLocale(deps.localePolicy, locale);
  return deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString(); // inside the transaction: audit times follow commit order
    const sequence = await resolveHadithNumber(stores, collection, number);
    const hadith = await requireHadith(stores, collection, sequence, { locales: [] });
    const before = (await stores.hadith.getTranslation(collection, sequence, locale)) ?? null;
    if (before?.text === text) return { created: false, translation: before };
    if (before === null) await assertNewLocaleAllowed(deps, stores, actor, locale, at);
    await stores.hadith.putTranslation(collection, sequence, { locale, text, updatedAt: at });
    const after = (await stores.hadith.getTranslation(collection, sequence, locale))!;
    const target = { type: 'hadith-translation', collection, number: hadith.number, locale } as const;
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.putTranslation, target, before, after });
    return { created: before === null, translation: after };
  });
}

/** Deletes one translation of a hadith (404 when there is none), audited with after = null. */
export async function deleteHadithTranslation(
  deps: HadithWriteDeps,
  input: HadithRef & { locale: string },
  actor: Actor,
): Promise<void> {
  const { collection, number, locale } = input;
  assertWritableLocale(locale);
  await deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString();
    const sequence = await resolveHadithNumber(stores, collection, number);
    const hadith = await requireHadith(stores, collection, sequence, { locales: [] });
    const before = await stores.hadith.getTranslation(collection, sequence, locale);
    if (!before) throw notFound(`Hadith ${collection}/${hadith.number} has no '${locale}' translation.`);
    await stores.hadith.deleteTranslation(collection, sequence, locale);
    const target = { type: 'hadith-translation', collection, number: hadith.number, locale } as const;
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.deleteTranslation, target, before, after: null });
  });
}

/** Patches narrator, grade, tags, notes and published; the audit entry holds the whole hadith before and after. */
export async function patchHadithMetadata(
  deps: HadithWriteDeps,
  input: HadithRef & { patch: HadithMetadataPatch },
  actor: Actor,
): Promise<Hadith> {
  const { collection, number, patch } = input;
  assertNoTextAr(patch);
  assertSafeMetadataText(patch);
  return deps.unitOfWork.run(async (stores) => {
    const at = deps.clock.now().toISOString();
    const sequence = await resolveHadithNumber(stores, collection, number);
    const before = await requireHadith(stores, collection, sequence);
    const metadata = { ...hadithMetadataOf(before), ...definedFieldsOf(patch) };
    if (isDeepStrictEqual(metadata, hadithMetadataOf(before))) return before; // changes nothing: no audit
    await stores.hadith.setMetadata(collection, sequence, metadata);
    const after = await requireHadith(stores, collection, sequence);
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.patchMetadata,
      target: { type: 'hadith', collection, number: before.number },
      before,
      after,
    });
    return after;
  });
}
