import { IMPORT_ACTION } from '../audit/audit-entry.js';
import type { Restorer } from '../audit/restorer.js';
import type { AuditTargetOf } from '../audit/audit-target.js';
import { translationOf } from '../audit/snapshots.js';
import { validationError } from '../errors.js';
import type { Translation } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';
import type { AyahText } from './quran.js';

/** An ayah translation edited through the API that an edition import changes (issue 26). */
export interface EditedAyahChange {
  surah: number;
  ayah: number;
  locale: string;
  change: 'changed';
}

/** `surah:ayah` → the translation as stored (null: none); how an edition import's entry keeps edited records. */
export type AyahTranslationSnapshots = Record<string, Translation | null>;

/**
 * The ayahs whose `locale` translation was edited through the API (named by an audit entry other than an
 * import) and that `texts` would change.
 */
export async function editedAyahsChangedBy(stores: Stores, locale: string, texts: readonly AyahText[]) {
  const edited = new Set<string>();
  for (const entry of await stores.audit.list({ resourcePrefix: 'quran/' })) {
    const target = entry.target;
    if (entry.action === IMPORT_ACTION || target?.type !== 'ayah-translation' || target.locale !== locale) continue;
    edited.add(`${target.surah}:${target.ayah}`);
  }
  const changed: EditedAyahChange[] = [];
  for (const text of texts) {
    if (!edited.has(`${text.surah}:${text.ayah}`)) continue;
    const stored = await stores.quran.getTranslation(text.surah, text.ayah, locale);
    if (stored?.text !== text.text) changed.push({ surah: text.surah, ayah: text.ayah, locale, change: 'changed' });
  }
  return changed;
}

export async function ayahTranslationSnapshots(
  stores: Stores,
  locale: string,
  ayahs: readonly { surah: number; ayah: number }[],
): Promise<AyahTranslationSnapshots> {
  const records: AyahTranslationSnapshots = {};
  for (const { surah, ayah } of ayahs)
    records[`${surah}:${ayah}`] = (await stores.quran.getTranslation(surah, ayah, locale)) ?? null;
  return JSON.parse(JSON.stringify(records)) as AyahTranslationSnapshots;
}

const recordsOf = (snapshot: unknown): AyahTranslationSnapshots | undefined => {
  const records = (snapshot as { records?: unknown } | null | undefined)?.records;
  return records !== null && typeof records === 'object' ? (records as AyahTranslationSnapshots) : undefined;
};

const ayahsOf = (records: AyahTranslationSnapshots) =>
  Object.keys(records).map((key) => {
    const [surah, ayah] = key.split(':').map(Number);
    return { surah: surah!, ayah: ayah! };
  });

/**
 * Rolls back an edition import (issue 26): puts back the translations edited through the API that it
 * overwrote, with their `updatedAt`, as its entry's `before.records` holds them; the rest of the edition
 * stays as imported. An entry without such snapshots cannot be rolled back.
 */
export const quranEditionImportRestorer: Restorer<AuditTargetOf<'quran-edition'>> = {
  async current(stores, target, hint) {
    const records = recordsOf(hint);
    if (records === undefined) return null;
    return { records: await ayahTranslationSnapshots(stores, target.lang, ayahsOf(records)) };
  },
  comparable: (snapshot) => recordsOf(snapshot) ?? null,
  async restore(stores, target, snapshot) {
    const records = recordsOf(snapshot);
    if (records === undefined || Object.keys(records).length === 0)
      throw validationError(
        `This import of quran/editions/${target.lang} changed no translation edited through the API (or predates ` +
          'per-record snapshots): there is nothing to restore.',
      );
    for (const { surah, ayah } of ayahsOf(records)) {
      const translation = translationOf(records[`${surah}:${ayah}`]);
      if (translation === null) await stores.quran.deleteTranslation(surah, ayah, target.lang);
      else await stores.quran.putTranslation(surah, ayah, translation);
    }
  },
};
