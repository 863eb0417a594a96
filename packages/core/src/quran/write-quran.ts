import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { assertWritableLocale } from '../shared/locale.js';
import { AUDIT_ACTIONS, type Translation } from '../shared/translation.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { assertAyahTranslationText, parseAyahMetadataPatch } from './ayah-writes-validation.js';
import { ayahKey, quranAuditResource, type Ayah, type AyahRef } from './quran.js';
import { requireAyah } from './read-quran.js';

export interface QuranWriteDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
}

/**
 * Creates or replaces one translation of an ayah, audited in the same transaction. Repeating the
 * same text changes nothing (the stored `updatedAt` stays) but is still audited, before = after.
 */
export async function putAyahTranslation(
  deps: QuranWriteDeps,
  input: AyahRef & { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  assertWritableLocale(input.locale);
  assertAyahTranslationText(input.text);
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    await assertAyahExists(stores, input);
    const before = (await stores.quran.getTranslation(input.surah, input.ayah, input.locale)) ?? null;
    if (before?.text !== input.text) {
      await stores.quran.putTranslation(input.surah, input.ayah, { locale: input.locale, text: input.text, updatedAt: at });
    }
    const after = (await stores.quran.getTranslation(input.surah, input.ayah, input.locale))!;
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.putTranslation,
      resource: quranAuditResource.translation(input, input.locale),
      before,
      after,
    });
    return { created: before === null, translation: after };
  });
}

/** Deletes one translation of an ayah (404 when there is none), audited with after = null. */
export async function deleteAyahTranslation(deps: QuranWriteDeps, input: AyahRef & { locale: string }, actor: Actor): Promise<void> {
  assertWritableLocale(input.locale);
  const at = deps.clock.now().toISOString();
  await deps.unitOfWork.run(async (stores) => {
    await assertAyahExists(stores, input);
    const before = await stores.quran.getTranslation(input.surah, input.ayah, input.locale);
    if (!before) throw notFound(`Ayah ${ayahKey(input.surah, input.ayah)} has no '${input.locale}' translation.`);
    await stores.quran.deleteTranslation(input.surah, input.ayah, input.locale);
    await stores.audit.append({
      at,
      ...actor,
      action: AUDIT_ACTIONS.deleteTranslation,
      resource: quranAuditResource.translation(input, input.locale),
      before,
      after: null,
    });
  });
}

/** Patches tags, notes and published; the audit entry holds the whole ayah before and after. */
export async function patchAyahMetadata(deps: QuranWriteDeps, input: AyahRef & { patch: unknown }, actor: Actor): Promise<Ayah> {
  const patch = parseAyahMetadataPatch(input.patch);
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await requireAyah(stores, input.surah, input.ayah);
    await stores.quran.setMetadata(input.surah, input.ayah, {
      tags: patch.tags ?? before.tags,
      notes: patch.notes !== undefined ? patch.notes : before.notes,
      published: patch.published ?? before.published,
    });
    const after = await requireAyah(stores, input.surah, input.ayah);
    await stores.audit.append({ at, ...actor, action: AUDIT_ACTIONS.patchMetadata, resource: quranAuditResource.ayah(input), before, after });
    return after;
  });
}

async function assertAyahExists(stores: Pick<Stores, 'quran'>, { surah, ayah }: AyahRef): Promise<void> {
  await requireAyah(stores, surah, ayah, { locales: [] });
}
