import type { Names } from '../names/languages.js';

/**
 * The words of a mosque's calendar feed besides the prayers' names (`PRAYER_TIME_NAMES`): the call to prayer,
 * the call to stand for it, and the Friday prayer, in each language of `lang` (CONTRACT §19, §20).
 */
export const MOSQUE_FEED_WORDS = {
  adhan: { en: 'Adhan', ar: 'الأذان', az: 'Azan', ru: 'Азан', tr: 'Ezan' },
  iqama: { en: 'Iqama', ar: 'الإقامة', az: 'İqamə', ru: 'Икама', tr: 'Kamet' },
  jumuah: { en: "Jumu'ah", ar: 'صلاة الجمعة', az: 'Cümə namazı', ru: 'Джума-намаз', tr: 'Cuma namazı' },
  prayerTimes: {
    en: 'prayer times',
    ar: 'مواقيت الصلاة',
    az: 'namaz vaxtları',
    ru: 'время намаза',
    tr: 'namaz vakitleri',
  },
} as const satisfies Record<string, Names>;
