import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { assertWritableLocale } from '../shared/locale.js';
import { AUDIT_ACTIONS, type Translation } from '../shared/translation.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { hadithAuditResource, hadithMetadataOf, type Hadith } from './hadith.js';
import { assertHadithTranslationText, parseHadithMetadataPatch } from './hadith-writes-validation.js';
import { requireHadith } from './read-hadiths.js';

export interface HadithWriteDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
}

export interface HadithRef {
  collection: string;
  number: number;
}

/**
 * Creates or replaces one translation of a hadith, audited in the same transaction. Repeating the
 * same text changes nothing (the stored `updatedAt` stays) but is still audited, before = after.
 */
export async function putHadithTranslation(
  deps: HadithWriteDeps,
  input: HadithRef & { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  assertWritableLocale(input.locale);
  assertHadithTranslationText(input.text);
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    await requireHadith(stores, input.collection, input.number, { locales: [] });
    const before = (await stores.hadith.getTranslation(input.collection, input.number, input.locale)) ?? null;
    if (before?.text !== input.text) {
      await stores.hadith.putTranslation(input.collection, input.number, { locale: input.locale, text: input.text, updatedAt: at });
    }
    const after = (await stores.hadith.getTranslation(input.collection, input.number, input.locale))!;
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.putTranslation,
      resource: hadithAuditResource.translation(input.collection, input.number, input.locale),
      before,
      after,
    });
    return { created: before === null, translation: after };
  });
}

/** Deletes one translation of a hadith (404 when there is none), audited with after = null. */
export async function deleteHadithTranslation(deps: HadithWriteDeps, input: HadithRef & { locale: string }, actor: Actor): Promise<void> {
  assertWritableLocale(input.locale);
  const at = deps.clock.now().toISOString();
  await deps.unitOfWork.run(async (stores) => {
    await requireHadith(stores, input.collection, input.number, { locales: [] });
    const before = await stores.hadith.getTranslation(input.collection, input.number, input.locale);
    if (!before) throw notFound(`Hadith ${input.collection}/${input.number} has no '${input.locale}' translation.`);
    await stores.hadith.deleteTranslation(input.collection, input.number, input.locale);
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.deleteTranslation,
      resource: hadithAuditResource.translation(input.collection, input.number, input.locale),
      before,
      after: null,
    });
  });
}

/** Patches narrator, grade, tags, notes and published; the audit entry holds the whole hadith before and after. */
export async function patchHadithMetadata(deps: HadithWriteDeps, input: HadithRef & { patch: unknown }, actor: Actor): Promise<Hadith> {
  const patch = parseHadithMetadataPatch(input.patch);
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await requireHadith(stores, input.collection, input.number);
    await stores.hadith.setMetadata(input.collection, input.number, { ...hadithMetadataOf(before), ...patch });
    const after = await requireHadith(stores, input.collection, input.number);
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.patchMetadata,
      resource: hadithAuditResource.hadith(input.collection, input.number),
      before,
      after,
    });
    return after;
  });
}
