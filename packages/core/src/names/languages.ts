/** The languages names are given in (CONTRACT §19 `lang`). */
export const NAME_LANGUAGES = ['en', 'ar', 'az', 'ru', 'tr'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

/** One name in each of the five languages. */
export type Names = Readonly<Record<NameLanguage, string>>;

/**
 * Prayer times by their names in each language: English and Arabic as the contract has them; Turkish as
 * Diyanet's timetables name the six times (İmsak is their name of the Fajr time); Azerbaijani and Russian
 * as the timetables of those countries' Muslim boards write them (docs/data.md).
 */
export const PRAYER_TIME_NAMES = {
  fajr: { en: 'Fajr', ar: 'الفجر', az: 'Sübh', ru: 'Фаджр', tr: 'İmsak' },
  sunrise: { en: 'Sunrise', ar: 'الشروق', az: 'Günəş', ru: 'Восход', tr: 'Güneş' },
  dhuhr: { en: 'Dhuhr', ar: 'الظهر', az: 'Zöhr', ru: 'Зухр', tr: 'Öğle' },
  asr: { en: 'Asr', ar: 'العصر', az: 'Əsr', ru: 'Аср', tr: 'İkindi' },
  maghrib: { en: 'Maghrib', ar: 'المغرب', az: 'Məğrib', ru: 'Магриб', tr: 'Akşam' },
  isha: { en: 'Isha', ar: 'العشاء', az: 'İşa', ru: 'Иша', tr: 'Yatsı' },
} as const satisfies Record<'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha', Names>;

/**
 * Days of the week, Sunday first (as `getUTCDay` counts). az, ru and tr are CLDR's (format, wide) names, as
 * Node's Intl gives them; a test compares all five with CLDR.
 */
export const WEEKDAY_NAMES_BY_LANGUAGE: readonly Names[] = [
  { en: 'Sunday', ar: 'الأحد', az: 'bazar', ru: 'воскресенье', tr: 'Pazar' },
  { en: 'Monday', ar: 'الاثنين', az: 'bazar ertəsi', ru: 'понедельник', tr: 'Pazartesi' },
  { en: 'Tuesday', ar: 'الثلاثاء', az: 'çərşənbə axşamı', ru: 'вторник', tr: 'Salı' },
  { en: 'Wednesday', ar: 'الأربعاء', az: 'çərşənbə', ru: 'среда', tr: 'Çarşamba' },
  { en: 'Thursday', ar: 'الخميس', az: 'cümə axşamı', ru: 'четверг', tr: 'Perşembe' },
  { en: 'Friday', ar: 'الجمعة', az: 'cümə', ru: 'пятница', tr: 'Cuma' },
  { en: 'Saturday', ar: 'السبت', az: 'şənbə', ru: 'суббота', tr: 'Cumartesi' },
];

/**
 * Hijri months, Muharram first. English keeps the service's transliterations (CLDR writes "Rabiʻ I");
 * Arabic, Azerbaijani, Russian and Turkish are CLDR's names of the islamic-umalqura calendar's months, as
 * Node's Intl gives them; a test compares them with CLDR.
 */
export const HIJRI_MONTH_NAMES_BY_LANGUAGE: readonly Names[] = [
  { en: 'Muharram', ar: 'محرم', az: 'Məhərrəm', ru: 'мухаррам', tr: 'Muharrem' },
  { en: 'Safar', ar: 'صفر', az: 'Səfər', ru: 'сафар', tr: 'Safer' },
  { en: 'Rabi al-Awwal', ar: 'ربيع الأول', az: 'Rəbiüləvvəl', ru: 'раби-уль-авваль', tr: 'Rebiülevvel' },
  { en: 'Rabi al-Thani', ar: 'ربيع الآخر', az: 'Rəbiülaxır', ru: 'раби-уль-ахир', tr: 'Rebiülahir' },
  { en: 'Jumada al-Ula', ar: 'جمادى الأولى', az: 'Cəmadiyələvvəl', ru: 'джумад-уль-авваль', tr: 'Cemaziyelevvel' },
  { en: 'Jumada al-Akhirah', ar: 'جمادى الآخرة', az: 'Cəmadiyəlaxır', ru: 'джумад-уль-ахир', tr: 'Cemaziyelahir' },
  { en: 'Rajab', ar: 'رجب', az: 'Rəcəb', ru: 'раджаб', tr: 'Recep' },
  { en: 'Shaban', ar: 'شعبان', az: 'Şaban', ru: 'шаабан', tr: 'Şaban' },
  { en: 'Ramadan', ar: 'رمضان', az: 'Ramazan', ru: 'рамадан', tr: 'Ramazan' },
  { en: 'Shawwal', ar: 'شوال', az: 'Şəvval', ru: 'шавваль', tr: 'Şevval' },
  { en: 'Dhu al-Qadah', ar: 'ذو القعدة', az: 'Zilqədə', ru: 'зуль-каада', tr: 'Zilkade' },
  { en: 'Dhu al-Hijjah', ar: 'ذو الحجة', az: 'Zilhiccə', ru: 'зуль-хиджжа', tr: 'Zilhicce' },
];

/** Words of a calendar feed in each language. */
export const FEED_WORDS = {
  prayerTimes: {
    en: 'Prayer times',
    ar: 'مواقيت الصلاة',
    az: 'Namaz vaxtları',
    ru: 'Время намаза',
    tr: 'Namaz vakitleri',
  },
} as const satisfies Record<string, Names>;

/** The name in `lang`, and English when no `lang` is given. */
export const nameIn = (names: Names, lang: NameLanguage | undefined | null): string => names[lang ?? 'en'];
