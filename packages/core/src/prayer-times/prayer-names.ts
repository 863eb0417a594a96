/** The six times of a day, in order; sunrise is not a prayer but ends Fajr. */
export const PRAYER_NAMES = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type PrayerName = (typeof PRAYER_NAMES)[number];

/** Minutes to add to each time (negative: earlier). */
export type PrayerOffsets = Record<PrayerName, number>;

export const NO_OFFSETS: Readonly<PrayerOffsets> = Object.freeze({
  fajr: 0,
  sunrise: 0,
  dhuhr: 0,
  asr: 0,
  maghrib: 0,
  isha: 0,
});

export const offsets = (some: Partial<PrayerOffsets>): PrayerOffsets => ({ ...NO_OFFSETS, ...some });
