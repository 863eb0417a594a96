import { hadithMetadataRestorer, hadithTranslationRestorer } from '../hadith/hadith-restorers.js';
import { mosqueScheduleRestorer } from '../mosques/mosque-schedule.js';
import { hadithImportRestorer } from '../hadith/import-snapshots.js';
import { quranEditionImportRestorer } from '../quran/quran-import-snapshots.js';
import { ayahMetadataRestorer, ayahTranslationRestorer } from '../quran/quran-restorers.js';
import type { Restorers } from './restorer.js';

/**
 * Every kind of record whose audited writes the operator can roll back: Quran and Hadith translations and
 * metadata, mosque schedules, and the edited records a Hadith or Quran edition import changed or removed.
 */
export const contentRestorers: Restorers = {
  'ayah-translation': ayahTranslationRestorer,
  ayah: ayahMetadataRestorer,
  'hadith-translation': hadithTranslationRestorer,
  hadith: hadithMetadataRestorer,
  'mosque-schedule': mosqueScheduleRestorer,
  'hadith-collection': hadithImportRestorer,
  'quran-edition': quranEditionImportRestorer,
};
