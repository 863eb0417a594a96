import { hadithMetadataRestorer, hadithTranslationRestorer } from '../hadith/hadith-restorers.js';
import { mosqueScheduleRestorer } from '../mosques/mosque-schedule.js';
import { ayahMetadataRestorer, ayahTranslationRestorer } from '../quran/quran-restorers.js';
import type { Restorers } from './restorer.js';

/**
 * Every kind of record whose audited writes the operator can roll back: Quran and Hadith translations and
 * metadata, mosque schedules.
 */
export const contentRestorers: Restorers = {
  'ayah-translation': ayahTranslationRestorer,
  ayah: ayahMetadataRestorer,
  'hadith-translation': hadithTranslationRestorer,
  hadith: hadithMetadataRestorer,
  'mosque-schedule': mosqueScheduleRestorer,
};
