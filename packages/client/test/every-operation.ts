// Every operation of the served document, called once through the client with its parameters typed by the
// generated types; `tsc -b` compiles this file, so a wrong parameter, a missing one or a misread answer
// fails the build. `EVERY_OPERATION` is typed as a record over the document's operation ids: an operation
// added to the document and not called here fails the build too.
import { ApiError, type IslamicDataClient, type operations } from '../src/index.js';

/** The status of a call the server refuses (a claim link that never existed is 410). */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** What the calls need from the test's server: a mosque submitted through the API, and a hadith collection. */
export interface Fixture {
  collection: string;
  /** Set by `postMosques`, approved by the test before `getMosquesSlug`. */
  mosqueSlug?: string;
  /** Set by `postKeyRequests`, read back by `getKeyRequestsId`. */
  keyRequestId?: string;
  approveMosque(slug: string): Promise<void>;
}

type Check = (api: IslamicDataClient, fixture: Fixture) => Promise<unknown>;

const LONDON = { lat: 51.5074, lng: -0.1278 };

export const EVERY_OPERATION: Record<keyof operations, Check> = {
  async getPrayerTimes(api) {
    const day = await api.get('/api/v1/prayer-times', {
      params: { query: { ...LONDON, date: '2026-03-20', method: 'muslim-world-league' } },
    });
    const fajr: string | null = day.timings.fajr;
    return fajr;
  },
  async getPrayerTimesCalendar(api) {
    const days = await api.get('/api/v1/prayer-times/calendar', {
      params: { query: { ...LONDON, year: 2026, month: 2 } },
    });
    const count: number = days.length;
    return count;
  },
  async getPrayerTimesCalendarIcs(api) {
    const feed: string = await api.get('/api/v1/prayer-times/calendar.ics', {
      params: { query: { ...LONDON, year: 2026, month: 3 } },
    });
    return feed.slice(0, 15);
  },
  async getPrayerTimesMethods(api) {
    const methods = await api.get('/api/v1/prayer-times/methods');
    return methods.map((method) => method.id);
  },
  async getPrayerTimesNext(api) {
    const next = await api.get('/api/v1/prayer-times/next', {
      params: { query: { ...LONDON, at: '2026-03-20T12:00:00Z' } },
    });
    const seconds: number = next.next.inSeconds;
    return [next.next.name, seconds];
  },
  async getCities(api) {
    const cities = await api.get('/api/v1/cities', { params: { query: { q: 'Ist', limit: 3 } } });
    return cities.map((city) => `${city.name} ${city.country}`);
  },
  async getHijriCalendar(api) {
    const days = await api.get('/api/v1/hijri/calendar', { params: { query: { year: 1447, month: 9 } } });
    return days.map((day) => day.gregorian.date);
  },
  async getHijriEvents(api) {
    const events = await api.get('/api/v1/hijri/events', { params: { query: { year: 1447 } } });
    return events.map((event) => `${event.id} ${event.gregorian.date}`);
  },
  async getQibla(api) {
    const qibla = await api.get('/api/v1/qibla', { params: { query: LONDON } });
    const bearing: number = qibla.bearing;
    return bearing;
  },
  async getHijri(api) {
    const hijri = await api.get('/api/v1/hijri', { params: { query: { date: '2026-03-20' } } });
    return hijri;
  },
  async getMosques(api) {
    const mosques = await api.get('/api/v1/mosques', { params: { query: { city: 'istanbul' } } });
    return mosques.length;
  },
  async postMosques(api, fixture) {
    const submitted = await api.post('/api/v1/mosques', {
      body: {
        nameEn: 'Client Test Mosque (synthetic)',
        addressLine1: '1 Example Street',
        city: 'Istanbul',
        country: 'TR',
        submitterEmail: 'submitter@example.org',
      },
    });
    const slug: string = submitted.slug;
    fixture.mosqueSlug = slug;
    await fixture.approveMosque(slug);
    return slug;
  },
  async getMosquesSlug(api, fixture) {
    const mosque = await api.get('/api/v1/mosques/{slug}', { params: { path: { slug: fixture.mosqueSlug! } } });
    return mosque.slug;
  },
  async putMosquesSlugSchedule(api, fixture) {
    const schedule = await api.put('/api/v1/mosques/{slug}/schedule', {
      params: { path: { slug: fixture.mosqueSlug! } },
      body: { madhab: 'hanafi', iqama: { fajr: { after: 20 }, isha: { at: '20:30' } }, jumuah: ['13:15'] },
    });
    const iqama: { after: number } | { at: string } | null = schedule.iqama.fajr;
    return iqama;
  },
  async getMosquesSlugPrayerTimes(api, fixture) {
    const day = await api.get('/api/v1/mosques/{slug}/prayer-times', {
      params: { path: { slug: fixture.mosqueSlug! }, query: { date: '2026-03-20' } },
    });
    const jumuah: { time: string; timestamp: string }[] | null = day.jumuah;
    return [day.iqama?.fajr?.time, jumuah];
  },
  async getMosquesSlugPrayerTimesCalendar(api, fixture) {
    const days = await api.get('/api/v1/mosques/{slug}/prayer-times/calendar', {
      params: { path: { slug: fixture.mosqueSlug! }, query: { year: 2026, month: 3 } },
    });
    return days.length;
  },
  async getMosquesSlugPrayerTimesCalendarIcs(api, fixture) {
    const feed: string = await api.get('/api/v1/mosques/{slug}/prayer-times/calendar.ics', {
      params: { path: { slug: fixture.mosqueSlug! }, query: { year: 2026, month: 3, alarm: 10, lang: 'tr' } },
    });
    return feed.slice(0, 15);
  },
  async getQuranSurahs(api) {
    const surahs = await api.get('/api/v1/quran/surahs');
    return surahs.length;
  },
  async getQuranSurahsSurahAyahs(api) {
    const ayahs = await api.get('/api/v1/quran/surahs/{surah}/ayahs', {
      params: { path: { surah: 112 }, query: { translations: 'en' } },
    });
    return ayahs.length;
  },
  async getQuranSurahsSurahAyahsAyah(api) {
    const ayah = await api.get('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', {
      params: { path: { surah: 1, ayah: 1 }, query: { translations: 'en' } },
    });
    const text: string = ayah.text_ar;
    return text.length;
  },
  async patchQuranSurahsSurahAyahsAyah(api) {
    const patched = await api.patch('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', {
      params: { path: { surah: 1, ayah: 2 } },
      body: { tags: ['client-test'] },
    });
    return patched.tags;
  },
  async putQuranSurahsSurahAyahsAyahTranslationsLocale(api) {
    return api.put('/api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}', {
      params: { path: { surah: 1, ayah: 3, locale: 'en-client' } },
      body: { text: 'A client test translation (synthetic).' },
    });
  },
  async deleteQuranSurahsSurahAyahsAyahTranslationsLocale(api) {
    const nothing: undefined = await api.delete('/api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}', {
      params: { path: { surah: 1, ayah: 3, locale: 'en-client' } },
    });
    return nothing;
  },
  async getQuranSearch(api) {
    const found = await api.get('/api/v1/quran/search', { params: { query: { q: 'mercy', lang: 'en', limit: 2 } } });
    return found;
  },
  async getQuranJuzN(api) {
    return (await api.get('/api/v1/quran/juz/{n}', { params: { path: { n: 30 } } })).length;
  },
  async getQuranPagesN(api) {
    return (await api.get('/api/v1/quran/pages/{n}', { params: { path: { n: 604 } } })).length;
  },
  async getQuranHizbQuartersN(api) {
    return (await api.get('/api/v1/quran/hizb-quarters/{n}', { params: { path: { n: 240 } } })).length;
  },
  async getQuranRukusN(api) {
    return (await api.get('/api/v1/quran/rukus/{n}', { params: { path: { n: 556 } } })).length;
  },
  async getQuranManzilsN(api) {
    return (await api.get('/api/v1/quran/manzils/{n}', { params: { path: { n: 7 } } })).length;
  },
  async getQuranSajdas(api) {
    return (await api.get('/api/v1/quran/sajdas')).length;
  },
  async getTranslationsQuranLang(api) {
    const edition = await api.get('/api/v1/translations/quran/{lang}', { params: { path: { lang: 'en' } } });
    return edition;
  },
  async getTranslationsQuranLangSurah(api) {
    return api.get('/api/v1/translations/quran/{lang}/{surah}', { params: { path: { lang: 'ar', surah: 112 } } });
  },
  async getHadithCollections(api) {
    const collections = await api.get('/api/v1/hadith/collections');
    return collections.map((collection) => collection.slug);
  },
  async getHadithRefs(api, { collection }) {
    const refs = await api.get('/api/v1/hadith/refs', { params: { query: { refs: `${collection}:1` } } });
    return refs.map((each) => each.ref);
  },
  async getHadithSearch(api, { collection }) {
    return api.get('/api/v1/hadith/search', { params: { query: { q: 'hadith', lang: 'en', collection } } });
  },
  async getHadithCollectionsId(api, { collection }) {
    return (await api.get('/api/v1/hadith/collections/{id}', { params: { path: { id: collection } } })).slug;
  },
  async getHadithCollectionsIdHadiths(api, { collection }) {
    return api.get('/api/v1/hadith/collections/{id}/hadiths', {
      params: { path: { id: collection }, query: { limit: 2 } },
    });
  },
  async getHadithCollectionsIdHadithsNumber(api, { collection }) {
    return api.get('/api/v1/hadith/collections/{id}/hadiths/{number}', {
      params: { path: { id: collection, number: '1' } },
    });
  },
  async patchHadithCollectionsIdHadithsNumber(api, { collection }) {
    return api.patch('/api/v1/hadith/collections/{id}/hadiths/{number}', {
      params: { path: { id: collection, number: '2' } },
      body: { tags: ['client-test'] },
    });
  },
  async putHadithCollectionsIdHadithsNumberTranslationsLocale(api, { collection }) {
    return api.put('/api/v1/hadith/collections/{id}/hadiths/{number}/translations/{locale}', {
      params: { path: { id: collection, number: '3', locale: 'en-client' } },
      body: { text: 'A client test translation (synthetic).' },
    });
  },
  async deleteHadithCollectionsIdHadithsNumberTranslationsLocale(api, { collection }) {
    return api.delete('/api/v1/hadith/collections/{id}/hadiths/{number}/translations/{locale}', {
      params: { path: { id: collection, number: '3', locale: 'en-client' } },
    });
  },
  async getTranslationsHadithCollectionLang(api, { collection }) {
    return api.get('/api/v1/translations/hadith/{collection}/{lang}', {
      params: { path: { collection, lang: 'ar' } },
    });
  },
  async getTranslations(api) {
    return api.get('/api/v1/translations');
  },
  async getHealth(api) {
    const health = await api.get('/health');
    const status: 'ok' = health.status;
    return status;
  },
  async getOpenApiDocument(api) {
    return api.get('/openapi.json');
  },
  async getDocs(api) {
    const page: string = await api.get('/docs');
    return page.slice(0, 15);
  },
  async getDocsBundle(api) {
    return (await api.get('/docs/scalar-api-reference.js')).length;
  },
  async getDocsScript(api) {
    return (await api.get('/docs/reference.js')).length;
  },
  async postKeyRequests(api, fixture) {
    const accepted = await api.post('/api/v1/key-requests', {
      body: {
        name: 'Client Test (synthetic)',
        email: 'client-test@example.org',
        project: 'A synthetic project that reads prayer times.',
        scopes: ['prayer-times'],
        permissions: ['read'],
      },
    });
    // The operation also answers form posts in HTML; a JSON body gets JSON.
    if (typeof accepted === 'string') throw new Error('A JSON key request was answered in HTML.');
    fixture.keyRequestId = accepted.id;
    const status: 'pending' = accepted.status;
    return status;
  },
  async getKeyRequestsId(api, fixture) {
    const request = await api.get('/api/v1/key-requests/{id}', { params: { path: { id: fixture.keyRequestId! } } });
    return request.status;
  },
  async getRequestKeyForm(api) {
    const page: string = await api.get('/request-key');
    return page.slice(0, 15);
  },
  async getRequestKeyScript(api) {
    return (await api.get('/request-key/form.js')).length;
  },
  async getPagesStylesheet(api) {
    return (await api.get('/pages/style.css')).length;
  },
  async getKeyClaim(api) {
    return statusOf(api.get('/keys/claim/{token}', { params: { path: { token: 'never-issued' } } }));
  },
  async postKeyClaim(api) {
    return statusOf(api.post('/keys/claim/{token}', { params: { path: { token: 'never-issued' } } }));
  },
  async getKeyClaimScript(api) {
    return (await api.get('/keys/claim.js')).length;
  },
  async getQuranAyahsRandom(api) {
    const ayah = await api.get('/api/v1/quran/ayahs/random', { params: { query: { translations: 'en' } } });
    return ayah.key;
  },
  async getQuranAyahOfTheDay(api) {
    const day = await api.get('/api/v1/quran/ayah-of-the-day', { params: { query: { date: '2026-03-20' } } });
    return day.ayah.key;
  },
  async getQuranRootsRoot(api) {
    // The test's server imports no corpus words: the root is unknown there.
    return statusOf(api.get('/api/v1/quran/roots/{root}', { params: { path: { root: 'rHm' } } }));
  },
  async getQuranLemmasLemma(api) {
    return statusOf(api.get('/api/v1/quran/lemmas/{lemma}', { params: { path: { lemma: 'raHiym' } } }));
  },
  async getHadithRandom(api, { collection }) {
    const hadith = await api.get('/api/v1/hadith/random', { params: { query: { collection } } });
    return hadith.collection;
  },
  async getHadithHadithOfTheDay(api, { collection }) {
    const day = await api.get('/api/v1/hadith/hadith-of-the-day', {
      params: { query: { collection, date: '2026-03-20' } },
    });
    return day.hadith.collection;
  },
  async getHadithCollectionsIdBooks(api, { collection }) {
    const books = await api.get('/api/v1/hadith/collections/{id}/books', { params: { path: { id: collection } } });
    return books.length;
  },
  async getHadithCollectionsIdBooksBookHadiths(api, { collection }) {
    const page = await api.get('/api/v1/hadith/collections/{id}/books/{book}/hadiths', {
      params: { path: { id: collection, book: 1 } },
    });
    return page;
  },
};
