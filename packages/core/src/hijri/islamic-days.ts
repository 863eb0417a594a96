import type { Names } from '../names/languages.js';

/**
 * `general`: kept across the Muslim world (if not by every school); `some-communities`: the anniversary
 * (urs) or birth of a particular figure, kept by particular Sufi orders or Shia communities.
 */
export type Observance = 'general' | 'some-communities';

/** One Islamic day of every Hijri year: month, day, names and who observes it (CONTRACT §19). */
export interface IslamicDay {
  id: string;
  month: number;
  day: number;
  name: Names;
  observance: Observance;
}

const general = (id: string, month: number, day: number, name: Names): IslamicDay => ({
  id,
  month,
  day,
  name,
  observance: 'general',
});

const person = (ar: string, az: string, ru: string, tr: string) => ({ ar, az, ru, tr });
type Person = ReturnType<typeof person>;

/** An urs: the anniversary of a saint's death. `en` is the list's name as written upstream. */
const urs = (id: string, month: number, day: number, en: string, who: Person): IslamicDay => ({
  id,
  month,
  day,
  name: { en, ar: `عرس ${who.ar}`, az: `${who.az} ürsü`, ru: `Урс ${who.ru}`, tr: `${who.tr} urs günü` },
  observance: 'some-communities',
});

const birth = (id: string, month: number, day: number, en: string, who: Person): IslamicDay => ({
  id,
  month,
  day,
  name: { en, ar: `مولد ${who.ar}`, az: `${who.az} doğum günü`, ru: `Рождение ${who.ru}`, tr: `${who.tr} doğum günü` },
  observance: 'some-communities',
});

const LAYLAT_AL_QADR = {
  en: 'Lailat-ul-Qadr',
  ar: 'ليلة القدر',
  az: 'Qədr gecəsi',
  ru: 'Ночь предопределения (Ляйлят аль-Кадр)',
  tr: 'Kadir Gecesi',
};
const HAJJ = { en: 'Hajj', ar: 'الحج', az: 'Həcc', ru: 'Хадж', tr: 'Hac' };

/**
 * The Islamic days of a year, in the order of the year (and within a day, the list's order). Sourced from the
 * Aladhan calendar's list (islamic-network/calendar `Holydays.php` at commit 8b102b19, ../shared/data/README.md
 * section 8): every entry kept, its English name as written there; reviewed: the urs and births of particular
 * figures are `some-communities`, and 1 Muharram (the Islamic New Year), which the list lacks, is added.
 */
export const ISLAMIC_DAYS: readonly IslamicDay[] = [
  general('islamic-new-year', 1, 1, {
    en: 'Islamic New Year',
    ar: 'رأس السنة الهجرية',
    az: 'Hicri Yeni il',
    ru: 'Исламский Новый год',
    tr: 'Hicri Yılbaşı',
  }),
  general('ashura', 1, 10, { en: 'Ashura', ar: 'عاشوراء', az: 'Aşura', ru: 'Ашура', tr: 'Aşure Günü' }),
  general('end-of-holy-months', 2, 1, {
    en: 'End of the holy months',
    ar: 'نهاية الأشهر الحرم',
    az: 'Haram ayların sonu',
    ru: 'Конец запретных месяцев',
    tr: 'Haram ayların sonu',
  }),
  general('mawlid', 3, 12, {
    en: 'Mawlid al-Nabi',
    ar: 'المولد النبوي',
    az: 'Mövlud',
    ru: 'Мавлид ан-Наби',
    tr: 'Mevlid Kandili',
  }),
  urs(
    'urs-hisham-kabbani',
    6,
    3,
    'Urs of Mawlana Shaykh Hisham Kabbani',
    person('الشيخ هشام قباني', 'Şeyx Hişam Qabbani', 'шейха Хишама Каббани', 'Şeyh Hişam Kabbani'),
  ),
  general('beginning-of-holy-months', 7, 1, {
    en: 'Beginning of the holy months',
    ar: 'بداية الأشهر الحرم',
    az: 'Haram ayların başlanğıcı',
    ru: 'Начало запретных месяцев',
    tr: 'Haram ayların başlangıcı',
  }),
  urs(
    'urs-nazim-al-haqqani',
    7,
    8,
    'Urs of Mawlana Shaykh Nazim al-Haqqani (ق)',
    person('الشيخ ناظم الحقاني', 'Şeyx Nazim əl-Həqqani', 'шейха Назима аль-Хаккани', 'Şeyh Nazım Kıbrısi'),
  ),
  birth(
    'birth-ali-ibn-abi-talib',
    7,
    13,
    'Birth of Sayyidina `Ali ibn Abi Talib (ر)',
    person('علي بن أبي طالب', 'Əli ibn Əbu Talib', 'Али ибн Абу Талиба', 'Hz. Ali'),
  ),
  urs(
    'urs-jafar-as-sadiq',
    7,
    15,
    'Urs of Sayyidina Jafar as-Sadiq (ق)',
    person('جعفر الصادق', 'İmam Cəfər Sadiq', 'Джафара ас-Садика', 'İmam Cafer-i Sadık'),
  ),
  urs(
    'urs-zaynab-bint-ali',
    7,
    15,
    'Urs of Zaynab bint Ali (ر)',
    person('زينب بنت علي', 'Zeynəb binti Əli', 'Зейнаб бинт Али', 'Hz. Zeynep'),
  ),
  general('isra-miraj', 7, 27, {
    en: 'Lailat-ul-Miraj',
    ar: 'ليلة الإسراء والمعراج',
    az: 'Merac gecəsi',
    ru: 'Ночь вознесения (Ляйлят аль-Мирадж)',
    tr: 'Miraç Kandili',
  }),
  birth(
    'birth-husayn-ibn-ali',
    8,
    3,
    'Birth of Sayyidina Husayn ibn `Ali (ر)',
    person('الحسين بن علي', 'İmam Hüseyn', 'Хусейна ибн Али', 'Hz. Hüseyin'),
  ),
  birth(
    'birth-abbas-ibn-ali',
    8,
    4,
    'Birth of Sayyidina Abbas ibn `Ali (ر)',
    person('العباس بن علي', 'Həzrət Abbas', 'Аббаса ибн Али', 'Hz. Abbas'),
  ),
  birth(
    'birth-ali-ibn-husayn',
    8,
    5,
    'Birth of Sayyidina `Ali ibn Husayn (ر)',
    person('علي بن الحسين', 'İmam Zeynalabdin', 'Али ибн Хусейна', 'İmam Zeynelabidin'),
  ),
  urs(
    'urs-imam-shamil',
    8,
    5,
    'Urs of Imam Shamil al-Daghestani (ق)',
    person('الإمام شامل الداغستاني', 'İmam Şamil', 'имама Шамиля', 'Şeyh Şamil'),
  ),
  birth(
    'birth-qasim-ibn-hasan',
    8,
    7,
    'Birth of Sayyidina Qasim ibn Hasan (ر)',
    person('القاسم بن الحسن', 'Qasım ibn Həsən', 'Касима ибн Хасана', 'Kasım bin Hasan'),
  ),
  birth(
    'birth-ali-akbar-ibn-husayn',
    8,
    11,
    'Birth of Sayyidina Ali Akbar ibn Husayn (ر)',
    person('علي الأكبر بن الحسين', 'Əli Əkbər', 'Али Акбара ибн Хусейна', 'Ali Ekber'),
  ),
  general('laylat-al-baraat', 8, 15, {
    en: "Lailat-ul-Bara'at",
    ar: 'ليلة النصف من شعبان',
    az: 'Bərat gecəsi',
    ru: 'Ночь Бараат',
    tr: 'Berat Kandili',
  }),
  urs(
    'urs-abu-yazid-al-bistami',
    8,
    15,
    'Urs of Sayyidina Abu Yazid al-Bistami (ق)',
    person('أبو يزيد البسطامي', 'Bayəzid Bistami', 'Абу Язида аль-Бистами', 'Bayezid-i Bistami'),
  ),
  urs(
    'urs-muhammad-usman-damani',
    8,
    22,
    'Urs of Muhammad Usman Damani',
    person('محمد عثمان الداماني', 'Məhəmməd Osman Damani', 'Мухаммада Усмана Дамани', 'Muhammed Osman Damani'),
  ),
  general('ramadan-begins', 9, 1, {
    en: '1st Day of Ramadan',
    ar: 'أول أيام رمضان',
    az: 'Ramazanın ilk günü',
    ru: 'Первый день Рамадана',
    tr: 'Ramazanın ilk günü',
  }),
  ...[21, 23, 25, 27, 29].map((day) => general(`laylat-al-qadr-${day}`, 9, day, LAYLAT_AL_QADR)),
  general('eid-al-fitr', 10, 1, {
    en: 'Eid-ul-Fitr',
    ar: 'عيد الفطر',
    az: 'Ramazan bayramı',
    ru: 'Ураза-байрам (Ид аль-Фитр)',
    tr: 'Ramazan Bayramı',
  }),
  general('hajj-8', 12, 8, HAJJ),
  general('hajj-9', 12, 9, HAJJ),
  general('day-of-arafah', 12, 9, { en: 'Arafa', ar: 'يوم عرفة', az: 'Ərəfə günü', ru: 'День Арафа', tr: 'Arefe' }),
  general('eid-al-adha', 12, 10, {
    en: 'Eid-ul-Adha',
    ar: 'عيد الأضحى',
    az: 'Qurban bayramı',
    ru: 'Курбан-байрам (Ид аль-Адха)',
    tr: 'Kurban Bayramı',
  }),
  ...[10, 11, 12, 13].map((day) => general(`hajj-${day}`, 12, day, HAJJ)),
];

const BY_DAY = new Map<string, IslamicDay[]>();
for (const day of ISLAMIC_DAYS) {
  const key = `${day.month}-${day.day}`;
  BY_DAY.set(key, [...(BY_DAY.get(key) ?? []), day]);
}

/** The Islamic days on a Hijri month and day, in the list's order. */
export const islamicDaysOn = (month: number, day: number): readonly IslamicDay[] => BY_DAY.get(`${month}-${day}`) ?? [];
