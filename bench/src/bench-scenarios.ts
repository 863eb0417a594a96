import type { SearchScenario } from './search-scenarios.js';

/** Which target ratio a scenario is held to (issue 13's targets, raised by issue 23: small reads and 429s ≥ 1.0). */
export type ScenarioGroup = 'small keyed read' | 'large read' | 'download' | 'mosques' | 'rate limited' | 'search';

/**
 * One request the whole-service bench replays: against the server, and against a bare Express route and a
 * raw node:http server answering with the bytes the server sent for it. Append to `BENCH_SCENARIOS` (or
 * pass your own list to `runBench`) to measure another route.
 */
export interface BenchScenario {
  name: string;
  /** Path and query below the server's origin. */
  path: string;
  group: ScenarioGroup;
  /** The project's requests/s over the bare Express route's must be at least this. */
  target: number;
  /** Which key the request carries: `read` (scope *, read), `limited` (a key far over its limit), or none. */
  key?: 'read' | 'limited';
  headers?: Record<string, string>;
}

const GZIP = { 'Accept-Encoding': 'gzip' };

/** Issue 17's search scenarios (made from the Quran's own words), held to its target of 0.3. */
export const searchBenchScenarios = (scenarios: SearchScenario[]): BenchScenario[] =>
  scenarios.map(({ name, path }) => ({ name: `search: ${name}`, path, group: 'search', target: 0.3, key: 'read' }));

export const BENCH_SCENARIOS: BenchScenario[] = [
  { name: 'qibla', path: '/api/v1/qibla?lat=40.7128&lng=-74.006', group: 'small keyed read', target: 1.0, key: 'read' },
  { name: 'hijri', path: '/api/v1/hijri?date=2026-03-20', group: 'small keyed read', target: 1.0, key: 'read' },
  {
    name: 'prayer-times Makkah',
    path: '/api/v1/prayer-times?lat=21.4225&lng=39.8262&date=2026-03-20',
    group: 'small keyed read',
    target: 1.0,
    key: 'read',
  },
  {
    name: 'ayah 2:255 en,ru,tr',
    path: '/api/v1/quran/surahs/2/ayahs/255?translations=en,ru,tr',
    group: 'small keyed read',
    target: 1.0,
    key: 'read',
  },
  {
    name: 'hadith bukhari 52',
    path: '/api/v1/hadith/collections/bukhari/hadiths/52',
    group: 'small keyed read',
    target: 1.0,
    key: 'read',
  },
  {
    name: 'surah 2 en,ru,tr',
    path: '/api/v1/quran/surahs/2/ayahs?translations=en,ru,tr',
    group: 'large read',
    target: 0.8,
    key: 'read',
  },
  {
    name: 'bukhari page of 100 after 5000',
    path: '/api/v1/hadith/collections/bukhari/hadiths?limit=100&startAfter=5000',
    group: 'large read',
    target: 0.8,
    key: 'read',
  },
  {
    name: 'download quran ar (gzip)',
    path: '/api/v1/translations/quran/ar',
    group: 'download',
    target: 0.8,
    headers: GZIP,
  },
  {
    name: 'mosques near London 25 km',
    path: '/api/v1/mosques?near=51.5074,-0.1278,25&limit=20',
    group: 'mosques',
    target: 0.5,
    key: 'read',
  },
  { name: 'mosques q=tag123', path: '/api/v1/mosques?q=tag123&limit=20', group: 'mosques', target: 0.5, key: 'read' },
  {
    name: '429 (key over its limit)',
    path: '/api/v1/qibla?lat=1&lng=2',
    group: 'rate limited',
    target: 1.0,
    key: 'limited',
  },
];
