/** English and Arabic names; @tabby_ai/hijri-converter only converts dates and has no names of its own. */
export interface BilingualName {
  en: string;
  ar: string;
}

/** Index 0 is Muharram (month 1). Standard transliterations; Arabic as printed on Umm al-Qura calendars. */
export const HIJRI_MONTH_NAMES: readonly BilingualName[] = [
  { en: 'Muharram', ar: 'محرم' },
  { en: 'Safar', ar: 'صفر' },
  { en: 'Rabi al-Awwal', ar: 'ربيع الأول' },
  { en: 'Rabi al-Thani', ar: 'ربيع الآخر' },
  { en: 'Jumada al-Ula', ar: 'جمادى الأولى' },
  { en: 'Jumada al-Akhirah', ar: 'جمادى الآخرة' },
  { en: 'Rajab', ar: 'رجب' },
  { en: 'Shaban', ar: 'شعبان' },
  { en: 'Ramadan', ar: 'رمضان' },
  { en: 'Shawwal', ar: 'شوال' },
  { en: 'Dhu al-Qadah', ar: 'ذو القعدة' },
  { en: 'Dhu al-Hijjah', ar: 'ذو الحجة' },
];

/** Index 0 is Sunday, as `Date.prototype.getUTCDay` counts. */
export const WEEKDAY_NAMES: readonly BilingualName[] = [
  { en: 'Sunday', ar: 'الأحد' },
  { en: 'Monday', ar: 'الاثنين' },
  { en: 'Tuesday', ar: 'الثلاثاء' },
  { en: 'Wednesday', ar: 'الأربعاء' },
  { en: 'Thursday', ar: 'الخميس' },
  { en: 'Friday', ar: 'الجمعة' },
  { en: 'Saturday', ar: 'السبت' },
];

export const RAMADAN = 9;
