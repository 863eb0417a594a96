import type { Actor } from '../audit/audit-entry.js';
import type { Translation } from '../shared/translation.js';
import { deleteTranslation, patchMetadata, putTranslation, type ContentWriteDeps, type TranslatedRecord } from '../shared/translation-writes.js';
import type { Stores } from '../shared/unit-of-work.js';
import { hadithAuditResource, hadithMetadataOf, type Hadith } from './hadith.js';
import { parseHadithMetadataPatch, type HadithMetadataPatch } from './hadith-writes-validation.js';
import { requireHadith } from './read-hadiths.js';

export type HadithWriteDeps = ContentWriteDeps;

export interface HadithRef {
  collection: string;
  number: number;
}

/** The translations of one hadith inside a transaction. */
export const hadithTranslations =
  ({ collection, number }: HadithRef) =>
  (stores: Stores): TranslatedRecord => ({
    assertExists: async () => void (await requireHadith(stores, collection, number, { locales: [] })),
    get: (locale) => stores.hadith.getTranslation(collection, number, locale),
    put: (translation) => stores.hadith.putTranslation(collection, number, translation),
    delete: async (locale) => void (await stores.hadith.deleteTranslation(collection, number, locale)),
    resource: (locale) => hadithAuditResource.translation(collection, number, locale),
    label: `Hadith ${collection}/${number}`,
  });

/** Creates or replaces one translation of a hadith, audited in the same transaction. */
export function putHadithTranslation(
  deps: HadithWriteDeps,
  input: HadithRef & { locale: string; text: string },
  actor: Actor,
): Promise<{ created: boolean; translation: Translation }> {
  return putTranslation(deps, hadithTranslations(input), input, actor);
}

/** Deletes one translation of a hadith (404 when there is none), audited with after = null. */
export function deleteHadithTranslation(deps: HadithWriteDeps, input: HadithRef & { locale: string }, actor: Actor): Promise<void> {
  return deleteTranslation(deps, hadithTranslations(input), input.locale, actor);
}

/** Patches narrator, grade, tags, notes and published; the audit entry holds the whole hadith before and after. */
export async function patchHadithMetadata(deps: HadithWriteDeps, input: HadithRef & { patch: HadithMetadataPatch }, actor: Actor): Promise<Hadith> {
  const patch = parseHadithMetadataPatch(input.patch);
  return patchMetadata(
    deps,
    (stores) => ({
      require: () => requireHadith(stores, input.collection, input.number),
      setMetadata: (metadata) => stores.hadith.setMetadata(input.collection, input.number, metadata),
      metadataOf: hadithMetadataOf,
      resource: hadithAuditResource.hadith(input.collection, input.number),
    }),
    patch,
    actor,
  );
}
