/** One request of the example capture: a path below /api/v1, and a body for writes. */
export interface ExampleRequest {
  method?: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Visibly synthetic: no real mosque is described. */
export const SYNTHETIC_MOSQUE = {
  nameEn: 'Example Mosque (synthetic)',
  addressLine1: '1 Example Street',
  city: 'Istanbul',
  country: 'TR',
  submitterEmail: 'submitter@example.org',
  languages: ['tr', 'en'],
  website: 'https://example.org',
};

/** Visibly synthetic: nobody real asks for this key. */
export const SYNTHETIC_KEY_REQUEST = {
  name: 'Example Requester (synthetic)',
  email: 'requester@example.org',
  project: 'An example app (synthetic) that shows prayer times and the Qibla.',
  website: 'https://example.org',
  scopes: ['prayer-times', 'qibla'],
  permissions: ['read'],
};

/** The request whose real answer illustrates each operation, by operationId. */
export const EXAMPLE_REQUESTS: Record<string, ExampleRequest> = {
  getPrayerTimes: { path: '/prayer-times?lat=41.0082&lng=28.9784&date=2026-03-20&method=turkey' },
  getPrayerTimesCalendar: { path: '/prayer-times/calendar?lat=51.5074&lng=-0.1278&year=2026&month=2' },
  getPrayerTimesCalendarIcs: { path: '/prayer-times/calendar.ics?lat=51.5074&lng=-0.1278&year=2026&month=3' },
  getPrayerTimesMethods: { path: '/prayer-times/methods' },
  getPrayerTimesNext: { path: '/prayer-times/next?city=Baku&at=2026-03-20T12:00:00Z' },
  getCities: { path: '/cities?q=Ist&limit=3' },
  getHijriCalendar: { path: '/hijri/calendar?year=1447&month=10' },
  getHijriEvents: { path: '/hijri/events?year=1447' },
  getQibla: { path: '/qibla?lat=40.7128&lng=-74.0060' },
  getHijri: { path: '/hijri?date=2026-03-20' },
  getMosques: { path: '/mosques?city=istanbul' },
  postMosques: { method: 'POST', path: '/mosques', body: SYNTHETIC_MOSQUE },
  getMosquesSlug: { path: '/mosques/{slug}' },
  putMosquesSlugSchedule: {
    method: 'PUT',
    path: '/mosques/{slug}/schedule',
    body: {
      method: 'turkey',
      madhab: 'hanafi',
      iqama: {
        fajr: { after: 20 },
        dhuhr: { after: 10 },
        asr: { after: 10 },
        maghrib: { after: 5 },
        isha: { at: '20:30' },
      },
      jumuah: ['13:15'],
    },
  },
  getMosquesSlugPrayerTimes: { path: '/mosques/{slug}/prayer-times?date=2026-03-20' },
  getMosquesSlugPrayerTimesCalendar: { path: '/mosques/{slug}/prayer-times/calendar?year=2026&month=3' },
  getMosquesSlugPrayerTimesCalendarIcs: {
    path: '/mosques/{slug}/prayer-times/calendar.ics?year=2026&month=3&alarm=10',
  },
  postKeyRequests: { method: 'POST', path: '/key-requests', body: SYNTHETIC_KEY_REQUEST },
  getKeyRequestsId: { path: '/key-requests/{requestId}' },
  getQuranSurahs: { path: '/quran/surahs' },
  getQuranSurahsSurahAyahs: { path: '/quran/surahs/112/ayahs?translations=en' },
  getQuranSurahsSurahAyahsAyah: { path: '/quran/surahs/1/ayahs/1?translations=en,ru,tr,az' },
  patchQuranSurahsSurahAyahsAyah: {
    method: 'PATCH',
    path: '/quran/surahs/1/ayahs/2',
    body: { tags: ['example-tag'], notes: 'An example note (synthetic).' },
  },
  putQuranSurahsSurahAyahsAyahTranslationsLocale: {
    method: 'PUT',
    path: '/quran/surahs/1/ayahs/3/translations/en-example',
    body: { text: 'An example translation (synthetic).' },
  },
  getQuranAyahsRandom: { path: '/quran/ayahs/random?translations=en' },
  getQuranAyahOfTheDay: { path: '/quran/ayah-of-the-day?date=2026-03-20&translations=en' },
  getQuranRootsRoot: { path: '/quran/roots/rHm?limit=3' },
  getQuranLemmasLemma: { path: '/quran/lemmas/r~aHiym?limit=3' },
  getHadithRandom: { path: '/hadith/random?collection=nawawi40&maxLength=400&translations=en' },
  getHadithHadithOfTheDay: { path: '/hadith/hadith-of-the-day?date=2026-03-20&collection=nawawi40&translations=en' },
  getQuranSearch: { path: '/quran/search?q=mercy&lang=en&limit=2' },
  getQuranJuzN: { path: '/quran/juz/30?translations=en' },
  getQuranPagesN: { path: '/quran/pages/604' },
  getQuranHizbQuartersN: { path: '/quran/hizb-quarters/240' },
  getQuranRukusN: { path: '/quran/rukus/556' },
  getQuranManzilsN: { path: '/quran/manzils/7' },
  getQuranSajdas: { path: '/quran/sajdas' },
  getTranslationsQuranLang: { path: '/translations/quran/az' },
  getTranslationsQuranLangSurah: { path: '/translations/quran/ar/112' },
  getHadithCollections: { path: '/hadith/collections' },
  getHadithRefs: { path: '/hadith/refs?refs=bukhari:1,nawawi40:2&translations=en' },
  getHadithCollectionsId: { path: '/hadith/collections/bukhari' },
  getHadithCollectionsIdHadiths: { path: '/hadith/collections/nawawi40/hadiths?limit=2' },
  getHadithCollectionsIdBooks: { path: '/hadith/collections/nawawi40/books' },
  getHadithCollectionsIdBooksBookHadiths: { path: '/hadith/collections/bukhari/books/1/hadiths?limit=2' },
  getHadithCollectionsIdHadithsNumber: { path: '/hadith/collections/bukhari/hadiths/1?translations=en' },
  patchHadithCollectionsIdHadithsNumber: {
    method: 'PATCH',
    path: '/hadith/collections/nawawi40/hadiths/3',
    body: { tags: ['example-tag'] },
  },
  putHadithCollectionsIdHadithsNumberTranslationsLocale: {
    method: 'PUT',
    path: '/hadith/collections/nawawi40/hadiths/4/translations/en-example',
    body: { text: 'An example translation (synthetic).' },
  },
  getHadithSearch: { path: '/hadith/search?q="each man will have"&lang=en&collection=nawawi40&limit=2' },
  getTranslationsHadithCollectionLang: { path: '/translations/hadith/nawawi40/ar' },
  getTranslations: { path: '/translations' },
};
