import { PRAYER_NAMES, type HighLatitudeRuleName, type MadhabName, type PrayerName } from '@islamic-data/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * adhan-js's shared golden times (see the folder's README): eight places, 462 days, with their
 * source and allowed variance.
 */
export const GOLDEN_TIMES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/data/reference/prayer-times/adhan-shared-times',
);

export interface GoldenTimesFile {
  file: string;
  params: {
    latitude: number;
    longitude: number;
    timezone: string;
    method: string;
    madhab: string;
    highLatitudeRule: string;
  };
  /** Minutes a computed time may differ by. */
  variance?: number;
  /** Local times written "5:44 AM". */
  times: Array<Record<PrayerName, string> & { date: string }>;
}

/** adhan's method names as the API's slugs. */
const METHOD_SLUGS: Record<string, string> = {
  MuslimWorldLeague: 'muslim-world-league',
  Egyptian: 'egyptian',
  Karachi: 'karachi',
  UmmAlQura: 'umm-al-qura',
  Dubai: 'dubai',
  MoonsightingCommittee: 'moonsighting-committee',
  NorthAmerica: 'north-america',
  Kuwait: 'kuwait',
  Qatar: 'qatar',
  Singapore: 'singapore',
  Tehran: 'tehran',
  Turkey: 'turkey',
};
const RULES: Record<string, HighLatitudeRuleName> = {
  MiddleOfTheNight: 'middle-of-the-night',
  SeventhOfTheNight: 'seventh-of-the-night',
  TwilightAngle: 'twilight-angle',
};

export function readGoldenTimes(): GoldenTimesFile[] {
  return readdirSync(GOLDEN_TIMES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(path.join(GOLDEN_TIMES_DIR, file), 'utf8')) as Omit<GoldenTimesFile, 'file'>),
    }));
}

/** A golden file's parameters in the API's terms (CONTRACT §6). */
export function goldenSettings({ params }: GoldenTimesFile) {
  return {
    lat: params.latitude,
    lng: params.longitude,
    method: METHOD_SLUGS[params.method]!,
    madhab: params.madhab.toLowerCase() as MadhabName,
    highLatitudeRule: RULES[params.highLatitudeRule]!,
    timezone: params.timezone,
  };
}

/**
 * Every time of `expected` that `timings` (local "HH:mm", null for none) misses by more than the
 * file's variance, as readable lines.
 */
export function goldenMisses(
  golden: GoldenTimesFile,
  expected: GoldenTimesFile['times'][number],
  timings: Record<PrayerName, string | null>,
): string[] {
  const variance = golden.variance ?? 0;
  return PRAYER_NAMES.flatMap((name) => {
    const computed = timings[name];
    const off =
      computed === null ? Infinity : circularDifference(minutesOf24Hour(computed), minutesOf12Hour(expected[name]));
    return off > variance ? [`${golden.file} ${expected.date} ${name}: ${computed} vs ${expected[name]}`] : [];
  });
}

/** "5:44 PM" → minutes after midnight. */
function minutesOf12Hour(text: string): number {
  const [, hours, minutes, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text)!;
  return (Number(hours) % 12) * 60 + Number(minutes) + (half === 'PM' ? 720 : 0);
}

const minutesOf24Hour = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

function circularDifference(a: number, b: number): number {
  const difference = Math.abs(a - b) % 1440;
  return Math.min(difference, 1440 - difference);
}
