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
import type { Stores } from '../shared/unit-of-work.js';
import type { HadithMetadata } from './hadith.js';
import { hadithNumberKey } from './hadith-numbers.js';

type HadithTarget = { collection: string; number: string | number };

const label = ({ collection, number }: HadithTarget) => `Hadith ${collection}/${number}`;

/**
 * The sequence of the hadith an audit target names: a string is the cited number the write
 * resolved to; an integer is a position, as targets written before standard numbers named hadiths.
 */
async function sequenceOf(stores: Pick<Stores, 'hadith'>, { collection, number }: HadithTarget) {
  return typeof number === 'number' ? number : stores.hadith.resolveNumber(collection, hadithNumberKey(number));
}

/**
 * Rolls back `translation.put` / `translation.delete` of a hadith (and rollbacks of them): puts the
 * earlier translation back exactly, its `updatedAt` too, or deletes one that did not exist.
 */
export const hadithTranslationRestorer: Restorer<AuditTargetOf<'hadith-translation'>> = {
  async current(stores, target) {
    const sequence = await sequenceOf(stores, target);
    if (sequence === undefined) return null;
    return (await stores.hadith.getTranslation(target.collection, sequence, target.locale)) ?? null;
  },
  comparable: translationOf,
  async restore(stores, target, snapshot) {
    const { collection, locale } = target;
    const translation = translationOf(snapshot);
    const sequence = await sequenceOf(stores, target);
    if (translation === null) {
      if (sequence !== undefined) await stores.hadith.deleteTranslation(collection, sequence, locale);
      return;
    }
    assertSnapshotLocale(translation, locale, auditResource(target));
    if (sequence === undefined || !(await stores.hadith.getHadith(collection, sequence, { locales: [] })))
      throw noLongerExists(label(target));
    await stores.hadith.putTranslation(collection, sequence, translation);
  },
};

/**
 * Rolls back `metadata.patch` of a hadith (and rollbacks of it): narrator, grade, tags, notes and
 * published. The snapshot is the whole hadith, but only its metadata is compared and put back.
 */
export const hadithMetadataRestorer: Restorer<AuditTargetOf<'hadith'>> = {
  async current(stores, target) {
    const sequence = await sequenceOf(stores, target);
    return sequence === undefined ? null : ((await stores.hadith.getHadith(target.collection, sequence)) ?? null);
  },
  comparable: (snapshot) => (snapshot === null || snapshot === undefined ? null : hadithMetadataOfSnapshot(snapshot)),
  async restore(stores, target, snapshot) {
    requireEarlierRecord(snapshot, auditResource(target));
    const sequence = await sequenceOf(stores, target);
    const metadata = hadithMetadataOfSnapshot(snapshot);
    if (sequence === undefined || !(await stores.hadith.setMetadata(target.collection, sequence, metadata)))
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
