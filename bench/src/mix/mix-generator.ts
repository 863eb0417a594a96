// The request mix of `npm run bench:mix`: a seeded, realistic stream of requests the way apps send them (issue 24).
// Pure: the same catalog, options and seed give the same requests, so every round, engine and the raw replay walk
// the very same stream. The catalog (what the served data holds) is read from a running server by mix.bench.ts.
import { seededRandom } from '@islamic-data/test-fixtures';

/** What the mix picks from: read from the served data (never typed in). */
export interface MixCatalog {
  /** Ayah count of each surah, surah n at index n - 1. */
  ayahCounts: number[];
  /** Quran translation languages served (e.g. `en`, `ru`). */
  quranLangs: string[];
  /** Hadith collections and their hadith counts. */
  hadithCollections: { slug: string; total: number }[];
  /** The numbers each collection has, in order (as its pages list them). */
  hadithNumbers: Record<string, string[]>;
  /** Book ids of each collection that has books. */
  hadithBooks: Record<string, string[]>;
  /** Hadith translation downloads: collection and language. */
  hadithDownloads: { collection: string; lang: string }[];
  /** Calculation method ids. */
  methods: string[];
  /** Words for Quran search (English and Arabic) and hadith search (English). */
  quranSearchTerms: { q: string; lang?: string }[];
  hadithSearchTerms: string[];
  /** Some published mosques' slugs. */
  mosqueSlugs: string[];
  /** Published mosques given an adhan and iqama schedule before the runs (their pages and feeds are read). */
  scheduledMosques: string[];
  /** The popular cities whose name `/cities` finds, spelled as apps send them. */
  cityNames: string[];
  /** Some roots and lemmas (Buckwalter), as the document's examples use. */
  roots: string[];
  lemmas: string[];
}

export interface MixOptions {
  count: number;
  seed: number;
  /** Today's date (YYYY-MM-DD): the popular cities' prayer times are for today. */
  today: string;
  /** How many API keys the mix spreads over. */
  keys?: number;
}

/** Key 0 … keys - 1, or no key, or a key nobody issued (401). */
export type MixKey = number | 'none' | 'unknown';

export interface MixRequest {
  /** What the latencies are reported by. */
  kind: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path and query below the origin. */
  path: string;
  key: MixKey;
  /** Sends `Accept-Encoding: gzip, br` (browsers' and most HTTP clients'). */
  compressed: boolean;
  /** A JSON body, for writes. */
  body?: string;
}

/** Popular cities (coordinates), whose prayer times, Qibla and nearby mosques apps ask for most. */
export const POPULAR_CITIES: { name: string; lat: number; lng: number }[] = [
  { name: 'Makkah', lat: 21.4225, lng: 39.8262 },
  { name: 'Madinah', lat: 24.4686, lng: 39.6142 },
  { name: 'Istanbul', lat: 41.0082, lng: 28.9784 },
  { name: 'Cairo', lat: 30.0444, lng: 31.2357 },
  { name: 'Jakarta', lat: -6.2088, lng: 106.8456 },
  { name: 'Karachi', lat: 24.8607, lng: 67.0011 },
  { name: 'Lahore', lat: 31.5204, lng: 74.3587 },
  { name: 'Dhaka', lat: 23.8103, lng: 90.4125 },
  { name: 'Kuala Lumpur', lat: 3.139, lng: 101.6869 },
  { name: 'Riyadh', lat: 24.7136, lng: 46.6753 },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
  { name: 'Tehran', lat: 35.6892, lng: 51.389 },
  { name: 'Baku', lat: 40.4093, lng: 49.8671 },
  { name: 'Kazan', lat: 55.7963, lng: 49.1088 },
  { name: 'Moscow', lat: 55.7558, lng: 37.6173 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Birmingham', lat: 52.4862, lng: -1.8904 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Amsterdam', lat: 52.3676, lng: 4.9041 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832 },
  { name: 'Lagos', lat: 6.5244, lng: 3.3792 },
  { name: 'Casablanca', lat: 33.5731, lng: -7.5898 },
  { name: 'Algiers', lat: 36.7538, lng: 3.0588 },
  { name: 'Delhi', lat: 28.7041, lng: 77.1025 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
];

/** Structural counts of the mushaf (the API validates them; the document's examples use their last numbers). */
const QURAN_DIVISIONS = { juz: 30, pages: 604, 'hizb-quarters': 240, rukus: 556, manzils: 7 } as const;

type Picker = () => number;

/** A kind's share of the mix (weights, summed and normalised) and how to make one request of it. */
interface KindDefinition {
  kind: string;
  weight: number;
  make(pick: Pick): Made;
}

/** A request as a kind makes it: the key is drawn afterwards unless the kind chooses it. */
type Made = Omit<MixRequest, 'kind' | 'key' | 'compressed'> & { key?: MixKey };

interface Pick {
  random: Picker;
  int(min: number, max: number): number;
  one<T>(items: readonly T[]): T;
  date(fromYear: number, toYear: number): string;
  today: string;
}

const q = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** The mix's kinds and their weights (per thousand requests). */
function kinds(catalog: MixCatalog): KindDefinition[] {
  const { ayahCounts } = catalog;
  const translationSets = [undefined, 'en', 'en,ru', 'en,ru,tr', ...catalog.quranLangs.filter((l) => l !== 'ar')];
  const translations = (pick: Pick) => pick.one(translationSets);
  const ayah = (pick: Pick) => {
    const surah = pick.int(1, ayahCounts.length);
    return { surah, ayah: pick.int(1, ayahCounts[surah - 1]!) };
  };
  const city = (pick: Pick) => pick.one(POPULAR_CITIES);
  const cityNames = catalog.cityNames.length > 0 ? catalog.cityNames : ['Makkah'];
  const randomPlace = (pick: Pick) => ({
    lat: round4(-60 + 120 * pick.random()),
    lng: round4(-180 + 360 * pick.random()),
  });
  const collection = (pick: Pick) => pick.one(catalog.hadithCollections);
  /** A number the collection has (the pages' own), or 1 … total when the catalog has none. */
  const hadithNumber = (pick: Pick, c: { slug: string; total: number }) => {
    const numbers = catalog.hadithNumbers[c.slug] ?? [];
    return numbers.length > 0 ? pick.one(numbers) : String(pick.int(1, c.total));
  };
  const booked = catalog.hadithCollections.filter((c) => (catalog.hadithBooks[c.slug] ?? []).length > 0);
  const api = (path: string) => `/api/v1${path}`;
  // Kinds of several variants take them in turn, so that a short mix reaches every one.
  const turns = new Map<string, number>();
  const inTurn = <T>(kind: string, variants: T[]): T => {
    const turn = turns.get(kind) ?? 0;
    turns.set(kind, turn + 1);
    return variants[turn % variants.length]!;
  };
  return [
    {
      kind: 'prayer-times city today',
      weight: 200,
      make: (pick) => {
        const { lat, lng } = city(pick);
        const method = pick.random() < 0.3 ? pick.one(catalog.methods) : undefined;
        return { method: 'GET', path: api(`/prayer-times?${q({ lat, lng, date: pick.today, method })}`) };
      },
    },
    {
      kind: 'prayer-times random place/date',
      weight: 90,
      make: (pick) => {
        const { lat, lng } = randomPlace(pick);
        return { method: 'GET', path: api(`/prayer-times?${q({ lat, lng, date: pick.date(2020, 2030) })}`) };
      },
    },
    {
      kind: 'calendar month',
      weight: 35,
      make: (pick) => {
        const { lat, lng } = pick.random() < 0.7 ? city(pick) : randomPlace(pick);
        const [year, month] = [pick.int(2025, 2027), pick.int(1, 12)];
        return { method: 'GET', path: api(`/prayer-times/calendar?${q({ lat, lng, year, month })}`) };
      },
    },
    {
      kind: 'calendar ICS',
      weight: 15,
      make: (pick) => {
        const { lat, lng } = city(pick);
        const [year, month] = [pick.int(2025, 2027), pick.int(1, 12)];
        return { method: 'GET', path: api(`/prayer-times/calendar.ics?${q({ lat, lng, year, month })}`) };
      },
    },
    {
      kind: 'prayer-times by city name',
      weight: 30,
      make: (pick) => ({
        method: 'GET',
        path: api(`/prayer-times?${q({ city: pick.one(cityNames), date: pick.today })}`),
      }),
    },
    {
      kind: 'next prayer',
      weight: 25,
      make: (pick) => {
        const place = pick.random() < 0.5 ? { city: pick.one(cityNames) } : city(pick);
        const at =
          pick.random() < 0.7 ? undefined : `${pick.today}T${pad(pick.int(0, 23))}:${pad(pick.int(0, 59))}:00Z`;
        return { method: 'GET', path: api(`/prayer-times/next?${q({ ...place, at })}`) };
      },
    },
    {
      kind: 'cities',
      weight: 10,
      make: (pick) => {
        const name = pick.one(cityNames);
        return { method: 'GET', path: api(`/cities?${q({ q: name.slice(0, pick.int(2, name.length)), limit: 10 })}`) };
      },
    },
    {
      kind: 'mosque prayer times',
      weight: 10,
      make: (pick) => {
        const slug = pick.one(catalog.scheduledMosques);
        return { method: 'GET', path: api(`/mosques/${slug}/prayer-times?${q({ date: pick.today })}`) };
      },
    },
    {
      kind: 'mosque calendar/ICS',
      weight: 5,
      make: (pick) => {
        const slug = pick.one(catalog.scheduledMosques);
        const feed = pick.random() < 0.5 ? 'calendar' : 'calendar.ics';
        const month = pick.today.slice(0, 7).split('-').map(Number);
        return {
          method: 'GET',
          path: api(`/mosques/${slug}/prayer-times/${feed}?${q({ year: month[0], month: month[1] })}`),
        };
      },
    },
    { kind: 'methods', weight: 4, make: () => ({ method: 'GET', path: api('/prayer-times/methods') }) },
    {
      kind: 'qibla',
      weight: 80,
      make: (pick) => {
        const { lat, lng } = pick.random() < 0.6 ? city(pick) : randomPlace(pick);
        return { method: 'GET', path: api(`/qibla?${q({ lat, lng })}`) };
      },
    },
    {
      kind: 'hijri',
      weight: 60,
      make: (pick) => {
        const roll = pick.random();
        const query =
          roll < 0.5
            ? q({ date: pick.today })
            : roll < 0.85
              ? q({ date: pick.date(1990, 2035) })
              : q({ hijri: `${pick.int(1400, 1460)}-${pad(pick.int(1, 12))}-${pad(pick.int(1, 29))}` });
        return { method: 'GET', path: api(`/hijri?${query}`) };
      },
    },
    {
      kind: 'hijri calendar/events',
      weight: 10,
      make: (pick) => {
        const roll = pick.random();
        const query =
          roll < 0.5
            ? q({ year: pick.int(1440, 1460), month: pick.int(1, 12) })
            : roll < 0.8
              ? q({ gregorianYear: pick.int(2020, 2035), gregorianMonth: pick.int(1, 12) })
              : undefined;
        if (query) return { method: 'GET', path: api(`/hijri/calendar?${query}`) };
        const year =
          pick.random() < 0.5 ? q({ year: pick.int(1440, 1460) }) : q({ gregorianYear: pick.int(2020, 2035) });
        return { method: 'GET', path: api(`/hijri/events?${year}`) };
      },
    },
    {
      kind: 'ayah',
      weight: 100,
      make: (pick) => {
        const { surah, ayah: n } = ayah(pick);
        return {
          method: 'GET',
          path: api(`/quran/surahs/${surah}/ayahs/${n}${query({ translations: translations(pick) })}`),
        };
      },
    },
    {
      kind: 'ayah random/of the day',
      weight: 15,
      make: (pick) =>
        pick.random() < 0.5
          ? { method: 'GET', path: api(`/quran/ayahs/random${query({ translations: translations(pick) })}`) }
          : { method: 'GET', path: api(`/quran/ayah-of-the-day?${q({ date: pick.today, translations: 'en' })}`) },
    },
    {
      kind: 'surah',
      weight: 40,
      make: (pick) => ({
        method: 'GET',
        path: api(
          `/quran/surahs/${pick.int(1, ayahCounts.length)}/ayahs${query({ translations: translations(pick) })}`,
        ),
      }),
    },
    {
      kind: 'juz/page/hizb/ruku/manzil',
      weight: 40,
      make: (pick) => {
        const [division, last] = pick.one(Object.entries(QURAN_DIVISIONS));
        const n = pick.int(1, last);
        return { method: 'GET', path: api(`/quran/${division}/${n}${query({ translations: translations(pick) })}`) };
      },
    },
    {
      kind: 'quran lists',
      weight: 10,
      make: (pick) => ({ method: 'GET', path: api(pick.one(['/quran/surahs', '/quran/sajdas'])) }),
    },
    {
      kind: 'roots/lemmas',
      weight: 5,
      make: (pick) =>
        pick.random() < 0.5
          ? { method: 'GET', path: api(`/quran/roots/${encodeURIComponent(pick.one(catalog.roots))}?limit=20`) }
          : { method: 'GET', path: api(`/quran/lemmas/${encodeURIComponent(pick.one(catalog.lemmas))}?limit=20`) },
    },
    {
      kind: 'translation of a surah',
      weight: 10,
      make: (pick) => ({
        method: 'GET',
        path: api(`/translations/quran/${pick.one(catalog.quranLangs)}/${pick.int(1, ayahCounts.length)}`),
      }),
    },
    {
      kind: 'hadith',
      weight: 80,
      make: (pick) => {
        const c = collection(pick);
        const translations = pick.random() < 0.5 ? 'en' : undefined;
        return {
          method: 'GET',
          path: api(
            `/hadith/collections/${c.slug}/hadiths/${encodeURIComponent(hadithNumber(pick, c))}` +
              query({ translations }),
          ),
        };
      },
    },
    {
      kind: 'hadith page',
      weight: 30,
      make: (pick) => {
        const c = collection(pick);
        const limit = pick.one([20, 50, 100]);
        // Apps start at the beginning or follow `nextStartAfter`: a number the collection has.
        const startAfter = pick.random() < 0.3 ? undefined : hadithNumber(pick, c);
        return { method: 'GET', path: api(`/hadith/collections/${c.slug}/hadiths?${q({ limit, startAfter })}`) };
      },
    },
    {
      kind: 'hadith book page',
      weight: 10,
      make: (pick) => {
        if (booked.length === 0) return { method: 'GET', path: api('/hadith/collections') };
        const c = pick.one(booked);
        const book = pick.one(catalog.hadithBooks[c.slug]!);
        if (pick.random() < 0.2) return { method: 'GET', path: api(`/hadith/collections/${c.slug}/books`) };
        return { method: 'GET', path: api(`/hadith/collections/${c.slug}/books/${book}/hadiths?limit=50`) };
      },
    },
    {
      kind: 'hadith refs/random/of the day',
      weight: 15,
      make: (pick) => {
        const roll = pick.random();
        const c = collection(pick);
        if (roll < 0.4) {
          const refs = [0, 1, 2].map(() => {
            const other = collection(pick);
            const number = hadithNumber(pick, other);
            return `${other.slug}:${/^[0-9A-Za-z]+$/.test(number) ? number : '1'}`;
          });
          return { method: 'GET', path: api(`/hadith/refs?${q({ refs: refs.join(','), translations: 'en' })}`) };
        }
        if (roll < 0.7) return { method: 'GET', path: api(`/hadith/random?${q({ collection: c.slug })}`) };
        return { method: 'GET', path: api(`/hadith/hadith-of-the-day?${q({ date: pick.today, collection: c.slug })}`) };
      },
    },
    {
      kind: 'hadith collections',
      weight: 5,
      make: (pick) =>
        pick.random() < 0.5
          ? { method: 'GET', path: api('/hadith/collections') }
          : { method: 'GET', path: api(`/hadith/collections/${collection(pick).slug}`) },
    },
    {
      kind: 'quran search',
      weight: 30,
      make: (pick) => {
        const term = pick.one(catalog.quranSearchTerms);
        return { method: 'GET', path: api(`/quran/search?${q({ q: term.q, lang: term.lang, limit: 20 })}`) };
      },
    },
    {
      kind: 'hadith search',
      weight: 20,
      make: (pick) => {
        const collectionSlug = pick.random() < 0.5 ? collection(pick).slug : undefined;
        const query = q({ q: pick.one(catalog.hadithSearchTerms), lang: 'en', collection: collectionSlug, limit: 20 });
        return { method: 'GET', path: api(`/hadith/search?${query}`) };
      },
    },
    {
      kind: 'mosques near a city',
      weight: 40,
      make: (pick) => {
        const { lat, lng } = city(pick);
        const near = `${lat},${lng},${pick.one([5, 10, 25, 50])}`;
        return { method: 'GET', path: api(`/mosques?${q({ near, limit: 20 })}`) };
      },
    },
    {
      kind: 'mosques search/one',
      weight: 15,
      make: (pick) =>
        pick.random() < 0.5
          ? { method: 'GET', path: api(`/mosques?${q({ q: `tag${pick.int(0, 999)}`, limit: 20 })}`) }
          : { method: 'GET', path: api(`/mosques/${pick.one(catalog.mosqueSlugs)}`) },
    },
    {
      kind: 'download',
      weight: 1,
      make: (pick) => {
        const roll = pick.random();
        if (roll < 0.5 || catalog.hadithDownloads.length === 0)
          return {
            method: 'GET',
            path: api(`/translations/quran/${pick.one(['ar', ...catalog.quranLangs])}`),
            key: 'none',
          };
        const { collection: c, lang } = pick.one(catalog.hadithDownloads);
        return { method: 'GET', path: api(`/translations/hadith/${c}/${lang}`), key: 'none' };
      },
    },
    { kind: 'translations index', weight: 2, make: () => ({ method: 'GET', path: api('/translations'), key: 'none' }) },
    {
      kind: 'service pages',
      weight: 3,
      make: () =>
        inTurn<Made>('service pages', [
          { method: 'GET', path: '/health', key: 'none' },
          { method: 'GET', path: '/openapi.json', key: 'none' },
          { method: 'GET', path: '/docs', key: 'none' },
          { method: 'GET', path: '/docs/reference.js', key: 'none' },
          { method: 'GET', path: '/docs/scalar-api-reference.js', key: 'none' },
          { method: 'GET', path: '/request-key', key: 'none' },
          { method: 'GET', path: '/request-key/form.js', key: 'none' },
          { method: 'GET', path: '/pages/style.css', key: 'none' },
          { method: 'GET', path: '/keys/claim.js', key: 'none' },
          // A claim token nobody was given: refused, nothing revealed.
          { method: 'GET', path: `/keys/claim/${'0'.repeat(43)}`, key: 'none' },
          { method: 'POST', path: `/keys/claim/${'0'.repeat(43)}`, key: 'none', body: '{}' },
        ]),
    },
    {
      kind: '401',
      weight: 20,
      make: (pick) => {
        const { lat, lng } = city(pick);
        return {
          method: 'GET',
          path: api(pick.random() < 0.5 ? `/qibla?${q({ lat, lng })}` : `/quran/surahs/1/ayahs/${pick.int(1, 7)}`),
          key: pick.random() < 0.5 ? 'none' : 'unknown',
        };
      },
    },
    {
      kind: '400',
      weight: 20,
      make: (pick) =>
        inTurn<Made>('400', [
          { method: 'GET', path: api(`/prayer-times?${q({ lat: 91 + pick.int(0, 9), lng: 10 })}`) },
          { method: 'GET', path: api(`/hijri?${q({ date: `2026-13-${pad(pick.int(1, 28))}` })}`) },
          { method: 'GET', path: api(`/qibla?${q({ lat: 'north', lng: pick.int(0, 99) })}`) },
          { method: 'GET', path: api(`/quran/surahs/${ayahCounts.length + pick.int(1, 9)}/ayahs/1`) },
          { method: 'GET', path: api(`/mosques?${q({ near: 'here', limit: 20 })}`) },
        ]),
    },
    {
      kind: 'writes refused',
      weight: 3,
      make: (pick) => {
        const { surah, ayah: n } = ayah(pick);
        const c = collection(pick);
        return inTurn<Made>('writes refused', [
          // A read key may not write (403), whatever the body; nothing changes.
          { method: 'PATCH', path: api(`/quran/surahs/${surah}/ayahs/${n}`), body: '{"tags":["bench"]}' },
          {
            method: 'PUT',
            path: api(`/quran/surahs/${surah}/ayahs/${n}/translations/en-bench`),
            body: '{"text":"bench (synthetic)"}',
          },
          { method: 'DELETE', path: api(`/quran/surahs/${surah}/ayahs/${n}/translations/en-bench`) },
          { method: 'PATCH', path: api(`/hadith/collections/${c.slug}/hadiths/1`), body: '{"tags":["bench"]}' },
          { method: 'DELETE', path: api(`/hadith/collections/${c.slug}/hadiths/1/translations/en-bench`) },
          {
            method: 'PUT',
            path: api(`/hadith/collections/${c.slug}/hadiths/1/translations/en-bench`),
            body: '{"text":"bench (synthetic)"}',
          },
          // Submissions without their required fields: 400, nothing stored.
          { method: 'POST', path: api('/mosques'), body: '{"nameEn":"Bench (synthetic)"}', key: 'none' },
          { method: 'POST', path: api('/key-requests'), body: '{"name":"Bench (synthetic)"}', key: 'none' },
          { method: 'GET', path: api(`/key-requests/${pick.int(100_000, 999_999)}`), key: 'none' },
          {
            method: 'PUT',
            path: api(`/mosques/${pick.one(catalog.scheduledMosques)}/schedule`),
            body: '{"method":"turkey","iqama":{}}',
          },
        ]);
      },
    },
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');
const query = (params: Record<string, string | undefined>) => {
  const text = q(params);
  return text ? `?${text}` : '';
};

/** The kinds of the mix, in the order of the report. */
export const mixKinds = (catalog: MixCatalog): string[] => kinds(catalog).map((each) => each.kind);

/** `options.count` requests, the same for the same catalog, count, seed and day. */
export function generateMix(catalog: MixCatalog, options: MixOptions): MixRequest[] {
  const random = seededRandom(options.seed);
  const keyCount = options.keys ?? 50;
  const pick: Pick = {
    random,
    int: (min, max) => min + Math.floor(random() * (max - min + 1)),
    one: (items) => items[Math.floor(random() * items.length)]!,
    date: (fromYear, toYear) => {
      const start = Date.UTC(fromYear, 0, 1);
      const days = Math.floor(random() * ((Date.UTC(toYear + 1, 0, 1) - start) / 86_400_000));
      return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
    },
    today: options.today,
  };
  const definitions = kinds(catalog);
  const total = definitions.reduce((sum, each) => sum + each.weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const each of definitions) cumulative.push((running += each.weight / total));
  // Apps are not equal: a few keys send most requests (weights 1/(rank+1), Zipf-like).
  const keyWeights = Array.from({ length: keyCount }, (_, rank) => 1 / (rank + 1));
  const keyTotal = keyWeights.reduce((sum, weight) => sum + weight, 0);
  const keyCumulative: number[] = [];
  running = 0;
  for (const weight of keyWeights) keyCumulative.push((running += weight / keyTotal));
  const pickKey = () => {
    const roll = random();
    const index = keyCumulative.findIndex((edge) => roll < edge);
    return index === -1 ? keyCount - 1 : index;
  };

  const requests: MixRequest[] = [];
  for (let i = 0; i < options.count; i++) {
    const roll = random();
    let index = cumulative.findIndex((edge) => roll < edge);
    if (index === -1) index = definitions.length - 1;
    // Every kind at least once: the first requests walk the kinds in order (then the seeded draw).
    if (i < definitions.length && options.count >= definitions.length) index = i;
    const definition = definitions[index]!;
    const made = definition.make(pick);
    const key = made.key ?? pickKey();
    requests.push({ kind: definition.kind, ...made, key, compressed: random() < 0.8 });
  }
  // Spread the walk-through over the stream, so that round starts are no different from the rest.
  for (let i = Math.min(definitions.length, options.count) - 1; i >= 0; i--) {
    const j = Math.floor(random() * options.count);
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
}

/**
 * Checks of the generator, run before every bench (bench has no test suite of its own): the same seed gives the
 * same stream and another seed another; every kind is present; keys and encodings are spread as intended.
 * Returns the failures (empty when all hold).
 */
export function checkMix(catalog: MixCatalog, options: MixOptions, requests: MixRequest[]): string[] {
  const failures: string[] = [];
  const fingerprint = (list: MixRequest[]) => JSON.stringify(list);
  if (fingerprint(generateMix(catalog, options)) !== fingerprint(requests))
    failures.push('the same seed gave another stream');
  const other = generateMix(catalog, { ...options, seed: options.seed + 1 });
  if (fingerprint(other) === fingerprint(requests)) failures.push('another seed gave the same stream');
  const present = new Set(requests.map((each) => each.kind));
  for (const kind of mixKinds(catalog)) if (!present.has(kind)) failures.push(`no request of kind "${kind}"`);
  const compressed = requests.filter((each) => each.compressed).length / requests.length;
  if (requests.length >= 1_000 && Math.abs(compressed - 0.8) > 0.03)
    failures.push(`${(compressed * 100).toFixed(1)} % ask for gzip, br, not about 80 %`);
  const keys = new Set(requests.map((each) => each.key).filter((key) => typeof key === 'number'));
  const keyCount = options.keys ?? 50;
  if (requests.length >= 10_000 && keys.size !== keyCount) failures.push(`${keys.size} keys used, not ${keyCount}`);
  if (!requests.some((each) => each.key === 'none') || !requests.some((each) => each.key === 'unknown'))
    failures.push('no request without a key, or none with an unknown key');
  return failures;
}
