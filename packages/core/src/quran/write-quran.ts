import type { Actor } from '../audit/audit-entry.js';
import type { ContentMetadata, Translation } from '../shared/translation.js';
import { deleteTranslation, patchMetadata, putTranslation, type ContentWriteDeps, type TranslatedRecord } from '../shared/translation-writes.js';
import type { Stores } from '../shared/unit-of-work.js';
import { parseAyahMetadataPatch, type AyahMetadataPatch } from './ayah-writes-validation.js';
import { ayahKey, quranAuditResource, type Ayah, type AyahRef } from './quran.js';
import { requireAyah } from './read-quran.js';

export type QuranWriteDeps = ContentWriteDeps;

/** The translations of one ayah inside a transaction. */
export const ayahTranslations =
  (ref: AyahRef) =>
  (stores: Stores): TranslatedRecord => ({
    assertExists: async () => void (await requireAyah(stores, ref.surah, ref.ayah, { locales: [] })),
    get: (locale) => stores.quran.getTranslation(ref.surah, ref.ayah, locale),
    put: (translation) => stores.quran.putTranslation(ref.surah, ref.ayah, translation),
    delete: async (locale) => void (await stores.quran.deleteTranslation(ref.surah, ref.ayah, locale)),
    resource: (locale) => quranAuditResource.translation(ref, locale),
    label: `Ayah ${ayahKey(ref.surah, ref.ayah)}`,
  });

/** Creates or replaces one translation of an ayah, audited in the same transaction. */
export function putAyahTranslation(
  deps: QuranWriteDeps,
  input: AyahRef & { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  return putTranslation(deps, ayahTranslations(input), input, actor);
}

/** Deletes one translation of an ayah (404 when there is none), audited with after = null. */
export function deleteAyahTranslation(deps: QuranWriteDeps, input: AyahRef & { locale: string }, actor: Actor): Promise<void> {
  return deleteTranslation(deps, ayahTranslations(input), input.locale, actor);
}

/** Patches tags, notes and published; the audit entry holds the whole ayah before and after. */
export async function patchAyahMetadata(deps: QuranWriteDeps, input: AyahRef & { patch: AyahMetadataPatch }, actor: Actor): Promise<Ayah> {
  const patch = parseAyahMetadataPatch(input.patch);
  return patchMetadata(
    deps,
    (stores) => ({
      require: () => requireAyah(stores, input.surah, input.ayah),
      setMetadata: (metadata) => stores.quran.setMetadata(input.surah, input.ayah, metadata),
      metadataOf: ({ tags, notes, published }: Ayah): ContentMetadata => ({ tags, notes, published }),
      resource: quranAuditResource.ayah(input),
    }),
    patch,
    actor,
  );
}
