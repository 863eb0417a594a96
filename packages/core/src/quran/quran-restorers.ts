import { auditResource, type AuditTargetOf } from '../audit/audit-target.js';
import type { Restorer } from '../audit/restorer.js';
import {
  assertSnapshotLocale,
  contentMetadataOf,
  noLongerExists,
  requireEarlierRecord,
  translationOf,
} from '../audit/snapshots.js';
import { ayahKey } from './quran.js';

const label = ({ surah, ayah }: { surah: number; ayah: number }) => `Ayah ${ayahKey(surah, ayah)}`;

/**
 * Rolls back `translation.put` / `translation.delete` of an ayah (and rollbacks of them): puts the
 * earlier translation back exactly, its `updatedAt` too, or deletes one that did not exist.
 */
export const ayahTranslationRestorer: Restorer<AuditTargetOf<'ayah-translation'>> = {
  current: async (stores, { surah, ayah, locale }) => (await stores.quran.getTranslation(surah, ayah, locale)) ?? null,
  comparable: translationOf,
  async restore(stores, target, snapshot) {
    const { surah, ayah, locale } = target;
    const translation = translationOf(snapshot);
    if (translation === null) {
      await stores.quran.deleteTranslation(surah, ayah, locale);
      return;
    }
    assertSnapshotLocale(translation, locale, auditResource(target));
    if (!(await stores.quran.getAyah(surah, ayah, { locales: [] }))) throw noLongerExists(label(target));
    await stores.quran.putTranslation(surah, ayah, translation);
  },
};

/**
 * Rolls back `metadata.patch` of an ayah (and rollbacks of it). The snapshot is the whole ayah with
 * every translation, but only tags, notes and published are compared and put back, so a later
 * translation write to the same ayah is not a conflict.
 */
export const ayahMetadataRestorer: Restorer<AuditTargetOf<'ayah'>> = {
  current: async (stores, { surah, ayah }) => (await stores.quran.getAyah(surah, ayah)) ?? null,
  comparable: (snapshot) => (snapshot === null || snapshot === undefined ? null : contentMetadataOf(snapshot)),
  async restore(stores, target, snapshot) {
    requireEarlierRecord(snapshot, auditResource(target));
    if (!(await stores.quran.setMetadata(target.surah, target.ayah, contentMetadataOf(snapshot))))
      throw noLongerExists(label(target));
  },
};
