import { createHash, randomInt } from 'node:crypto';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import type { Hadith } from '../hadith/hadith.js';
import type { HadithPickFilter } from '../hadith/hadith-store.js';
import type { ApiKeyRecord } from '../keys/api-key.js';
import { parameterError } from '../parameter-error.js';
import type { Ayah, AyahRef } from '../quran/quran.js';
import { parseTranslationsParameter } from '../shared/locale.js';
import { canSeeUnpublished } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';

export interface PickInput {
  translations?: string;
  viewer: Pick<ApiKeyRecord, 'permissions'> | null;
}

/**
 * The day's pick among `count` things: the first 8 bytes of SHA-256 of `kind:date`, modulo `count`.
 * Nothing else goes in (no clock, no process, no seed), so every server answers the same for a date,
 * today and after any restart, as long as `count` is the same (the pinned upstream data).
 */
export function dailyIndex(kind: string, date: string, count: number): number {
  const digest = createHash('sha256').update(`${kind}:${date}`).digest();
  return Number(digest.readBigUInt64BE(0) % BigInt(count));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `date` as given (checked to be a real day) or today in UTC. */
export function dayOf(date: string | undefined, clock: Clock): string {
  if (date === undefined) return clock.now().toISOString().slice(0, 10);
  const match = ISO_DATE.exec(date);
  const day = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (!day || day.toISOString().slice(0, 10) !== date)
    throw parameterError('date', `date must be a day as YYYY-MM-DD, not '${date}'.`);
  return date;
}

/**
 * The ayahs of the stored Quran in mushaf order, by position: `refAt(i)` is the i-th (a list of every ayah was made
 * per request before, 6,236 objects for one).
 */
async function ayahOrder(stores: Pick<Stores, 'quran'>): Promise<{ length: number; refAt(index: number): AyahRef }> {
  const surahs = await stores.quran.listSurahs();
  const length = surahs.reduce((sum, surah) => sum + surah.ayahCount, 0);
  if (length === 0) throw notFound('The Quran is not imported.');
  const refAt = (index: number): AyahRef => {
    for (const surah of surahs) {
      if (index < surah.ayahCount) return { surah: surah.id, ayah: index + 1 };
      index -= surah.ayahCount;
    }
    throw new RangeError(`No ayah at position ${index}.`);
  };
  return { length, refAt };
}

type AyahOrder = Awaited<ReturnType<typeof ayahOrder>>;

/** The ayah at `start`, or the first one after it (wrapping) that the viewer may see. */
async function visibleAyahFrom(stores: Pick<Stores, 'quran'>, refs: AyahOrder, start: number, input: PickInput) {
  const locales = parseTranslationsParameter(input.translations);
  for (let step = 0; step < refs.length; step++) {
    const ref = refs.refAt((start + step) % refs.length);
    const found = await stores.quran.getAyah(ref.surah, ref.ayah, { locales });
    if (found && (found.published || canSeeUnpublished(input.viewer))) return found;
  }
  throw notFound('No ayah is published.');
}

/** `GET /quran/ayahs/random`: any ayah, each as likely. */
export async function randomAyah(stores: Pick<Stores, 'quran'>, input: PickInput): Promise<Ayah> {
  const refs = await ayahOrder(stores);
  return visibleAyahFrom(stores, refs, randomInt(refs.length), input);
}

/** `GET /quran/ayah-of-the-day`: the same ayah all day for everyone (dailyIndex over the 6,236). */
export async function ayahOfTheDay(
  stores: Pick<Stores, 'quran'>,
  clock: Clock,
  input: PickInput & { date?: string },
): Promise<{ date: string; ayah: Ayah }> {
  const date = dayOf(input.date, clock);
  const refs = await ayahOrder(stores);
  return { date, ayah: await visibleAyahFrom(stores, refs, dailyIndex('ayah', date, refs.length), input) };
}

export interface HadithPickInput extends PickInput {
  collection?: string;
  maxLength?: number;
}

function hadithFilter(input: HadithPickInput): HadithPickFilter {
  if (input.maxLength !== undefined && (!Number.isInteger(input.maxLength) || input.maxLength < 1))
    throw parameterError('maxLength', 'maxLength must be a whole number of characters, at least 1.');
  return {
    ...(input.collection === undefined ? {} : { collection: input.collection }),
    ...(input.maxLength === undefined ? {} : { maxLength: input.maxLength }),
    includeUnpublished: canSeeUnpublished(input.viewer),
  };
}

/** The count of the filter's hadiths; an unknown collection (looked up only when none counts) is a 404. */
async function countOf(stores: Pick<Stores, 'hadith'>, filter: HadithPickFilter): Promise<number> {
  const count = await stores.hadith.countHadiths(filter);
  if (count === 0 && filter.collection !== undefined && !(await stores.hadith.getCollectionInfo(filter.collection)))
    throw notFound(`There is no hadith collection '${filter.collection}'.`);
  return count;
}

/** `GET /hadith/random`: any hadith of the filter, each as likely; 404 when none qualifies. */
export async function randomHadith(stores: Pick<Stores, 'hadith'>, input: HadithPickInput): Promise<Hadith> {
  const filter = hadithFilter(input);
  const count = await countOf(stores, filter);
  if (count === 0) throw notFound('No hadith matches: try a larger maxLength or another collection.');
  const found = await stores.hadith.nthHadith(filter, randomInt(count), {
    locales: parseTranslationsParameter(input.translations),
  });
  if (!found) throw notFound('No hadith matches.');
  return found;
}

/** `GET /hadith/hadith-of-the-day`: the same hadith all day for everyone (dailyIndex over the published ones). */
export async function hadithOfTheDay(
  stores: Pick<Stores, 'hadith'>,
  clock: Clock,
  input: PickInput & { date?: string; collection?: string },
): Promise<{ date: string; hadith: Hadith }> {
  const date = dayOf(input.date, clock);
  const filter = hadithFilter({ ...input, viewer: null });
  const count = await countOf(stores, filter);
  if (count === 0) throw notFound('No hadith is published.');
  const hadith = await stores.hadith.nthHadith(filter, dailyIndex(`hadith:${input.collection ?? 'all'}`, date, count), {
    locales: parseTranslationsParameter(input.translations),
  });
  if (!hadith) throw notFound('No hadith is published.');
  return { date, hadith };
}
