import { auditResource, type AuditTargetOf } from '../audit/audit-target.js';
import type { Restorer } from '../audit/restorer.js';
import {
  assertSnapshotLocale,
  contentMetadataOf,
  noLongerExists,
  requireEarlierRecord,
  translationOf,
} from '../audit/snapshots.js';
import { validationError } from '../errors.js';
import type { HadithMetadata } from './hadith.js';

const label = ({ collection, number }: { collection: string; number: number }) => `Hadith ${collection}/${number}`;

/**
 * Rolls back `translation.put` / `translation.delete` of a hadith (and rollbacks of them): puts the
 * earlier translation back exactly, its `updatedAt` too, or deletes one that did not exist.
 */
export const hadithTranslationRestorer: Restorer<AuditTargetOf<'hadith-translation'>> = {
  current: async (stores, { collection, number, locale }) =>
    (await stores.hadith.getTranslation(collection, number, locale)) ?? null,
  comparable: translationOf,
  async restore(stores, target, snapshot) {
    const { collection, number, locale } = target;
    const translation = translationOf(snapshot);
    if (translation === null) {
      await stores.hadith.deleteTranslation(collection, number, locale);
      return;
    }
    assertSnapshotLocale(translation, locale, auditResource(target));
    if (!(await stores.hadith.getHadith(collection, number, { locales: [] }))) throw noLongerExists(label(target));
    await stores.hadith.putTranslation(collection, number, translation);
  },
};

/**
 * Rolls back `metadata.patch` of a hadith (and rollbacks of it): narrator, grade, tags, notes and
 * published. The snapshot is the whole hadith, but only its metadata is compared and put back.
 */
export const hadithMetadataRestorer: Restorer<AuditTargetOf<'hadith'>> = {
  current: async (stores, { collection, number }) => (await stores.hadith.getHadith(collection, number)) ?? null,
  comparable: (snapshot) => (snapshot === null || snapshot === undefined ? null : hadithMetadataOfSnapshot(snapshot)),
  async restore(stores, target, snapshot) {
    requireEarlierRecord(snapshot, auditResource(target));
    if (!(await stores.hadith.setMetadata(target.collection, target.number, hadithMetadataOfSnapshot(snapshot))))
      throw noLongerExists(label(target));
  },
};

/** `hadithMetadataOf` for an audit snapshot, which is a stored JSON copy of a hadith. */
function hadithMetadataOfSnapshot(snapshot: unknown): HadithMetadata {
  const { narrator, grade } = (snapshot ?? {}) as Partial<HadithMetadata>;
  if (!isNullableString(narrator) || !isNullableString(grade))
    throw validationError('The audit snapshot has no narrator and grade.');
  return { narrator, grade, ...contentMetadataOf(snapshot) };
}

const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
