import { baseSlug, type MosqueRecord } from '@islamic-data/core';
import { COUNTRY_BOXES } from './country-boxes.js';

export interface GenerateMosquesOptions {
  count: number;
  /** Same seed, same mosques. */
  seed?: number;
  /** The number of the first mosque (names and slugs carry it, so batches with distinct ranges never collide). */
  firstNumber?: number;
}

/** Mulberry32: a small, fast, seedable PRNG (not for secrets). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const LANGUAGE_SETS = [['en'], ['en', 'ar'], ['ar'], ['tr', 'en'], ['ur', 'en'], []];
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * `count` visibly synthetic published mosques ("Test Mosque 17"), spread uniformly over the boxes
 * of twenty real countries in turn, deterministic for a seed. Mosque n's description carries the
 * word `tag{n mod 1000}`, so a text search can be made to match a known share of them.
 */
export function generateMosques({ count, seed = 1, firstNumber = 1 }: GenerateMosquesOptions): MosqueRecord[] {
  const random = seededRandom(seed);
  const records: MosqueRecord[] = [];
  for (let n = firstNumber; n < firstNumber + count; n++) {
    const box = COUNTRY_BOXES[n % COUNTRY_BOXES.length]!;
    const city = box.cities[Math.floor(random() * box.cities.length)]!;
    const lat = round6(box.minLat + random() * (box.maxLat - box.minLat));
    const rawLng = box.minLng + random() * (box.maxLng - box.minLng);
    const lng = round6(rawLng > 180 ? rawLng - 360 : rawLng);
    const at = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
    const nameEn = `Test Mosque ${n}`;
    records.push({
      slug: baseSlug(nameEn, city),
      nameEn,
      nameAr: `مسجد الاختبار ${n}`,
      addressLine1: `${n} Test Street`,
      city,
      country: box.country,
      lat,
      lng,
      denomination: n % 3 === 0 ? null : `Test denomination ${n % 3}`,
      phone: `+000 ${String(n).padStart(7, '0')}`,
      website: `https://example.org/test-mosques/${n}`,
      email: `test-mosque-${n}@example.org`,
      description: `Synthetic test mosque ${n} with keyword tag${n % 1000}.`,
      languages: LANGUAGE_SETS[n % LANGUAGE_SETS.length]!,
      schedule: null,
      source: null,
      status: 'published',
      submitterEmail: `test-submitter-${n}@example.org`,
      moderationReason: null,
      submittedAt: at,
      moderatedAt: at,
      updatedAt: at,
    });
  }
  return records;
}
