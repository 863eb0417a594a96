import type { DayEvent } from '../hijri/hijri-conversion.js';
import type { HijriDateParts } from '../hijri/umm-al-qura.js';
import type { CalculationMethodDescription } from './calculation-methods.js';
import { PRAYER_NAMES, type PrayerOffsets } from './prayer-names.js';
import type { MethodChoice } from './method-by-country.js';

export const MADHABS = ['shafi', 'hanafi'] as const;
export type MadhabName = (typeof MADHABS)[number];

export const HIGH_LATITUDE_RULES = ['middle-of-the-night', 'seventh-of-the-night', 'twilight-angle'] as const;
export type HighLatitudeRuleName = (typeof HIGH_LATITUDE_RULES)[number];

export const POLAR_CIRCLE_RESOLUTIONS = ['aqrab-balad', 'aqrab-yaum', 'unresolved'] as const;
export type PolarCircleResolutionName = (typeof POLAR_CIRCLE_RESOLUTIONS)[number];

export const MIDNIGHT_MODES = ['standard', 'jafari'] as const;
/** `standard`: the night runs from Maghrib to the next Fajr (adhan's SunnahTimes); `jafari`: from sunset to Fajr. */
export type MidnightMode = (typeof MIDNIGHT_MODES)[number];

/** Times of the night and before Fajr that apps show beside the prayers; not prayers themselves. */
export const SUNNAH_TIME_NAMES = ['imsak', 'midnight', 'firstThird', 'lastThird'] as const;
export type SunnahTimeName = (typeof SUNNAH_TIME_NAMES)[number];

/** Every time of a day's answer: the prayers with sunrise, then the sunnah times. */
export const TIMING_NAMES = [...PRAYER_NAMES, ...SUNNAH_TIME_NAMES] as const;
export type TimingName = (typeof TIMING_NAMES)[number];

export const SHAFAQ_KINDS = ['general', 'ahmer', 'abyad'] as const;
export type ShafaqKind = (typeof SHAFAQ_KINDS)[number];

/** Everything but the day: CONTRACT §6's query parameters. Absent (or null) means the default. */
export interface PrayerTimesOptions {
  lat: number;
  lng: number;
  /** Slug, Aladhan numeric id, or `auto` (the method of the country at the point); default `muslim-world-league`. */
  method?: string | number;
  madhab?: MadhabName;
  /** Default: adhan's recommendation for the latitude (seventh of the night above 48°). */
  highLatitudeRule?: HighLatitudeRuleName;
  /** IANA name; default: the zone at `lat`,`lng`. */
  timezone?: string;
  /** Only with method `custom`. */
  fajrAngle?: number;
  /** Only with method `custom`. */
  ishaAngle?: number;
  /** Only with method `custom`: minutes after Maghrib. */
  ishaInterval?: number;
  polarCircleResolution?: PolarCircleResolutionName;
  /** Only with method `moonsighting-committee`. */
  shafaq?: ShafaqKind;
  /** Minutes per time, as an object or as "fajr:2,isha:-1". */
  adjustments?: Partial<PrayerOffsets> | string;
  /** Imsak is this many minutes before Fajr (0–60); default 10. */
  imsakMinutes?: number;
  /** Which night midnight and the thirds divide; default `standard`. */
  midnightMode?: MidnightMode;
  /** Days (−2..2) added to the Umm al-Qura date, for a local moon sighting; default 0. */
  hijriAdjustment?: number;
}

export interface PrayerTimesInput extends PrayerTimesOptions {
  /** Gregorian YYYY-MM-DD; default: today in `timezone`. */
  date?: string;
  /** The current instant, for the default date; default: the system clock. */
  now?: Date;
}

export interface PrayerCalendarInput extends PrayerTimesOptions {
  year: number;
  month: number;
}

/** The method as applied on that day (Umm al-Qura's Ramadan interval included). */
export type AppliedMethod = Pick<
  CalculationMethodDescription,
  'id' | 'name' | 'aladhanId' | 'fajrAngle' | 'ishaAngle' | 'ishaInterval' | 'maghribAngle' | 'offsets'
> & {
  shafaq?: ShafaqKind;
  /** Only with `method=auto`: `country` when the country at the point has a method, else `default`. */
  chosenBy?: MethodChoice['chosenBy'];
  /** Only with `method=auto`: the ISO 3166-1 code of that country, or null. */
  country?: string | null;
};

/** CONTRACT §6 `data`. A time that cannot be computed (polar day or night) is null. */
export interface PrayerTimesDay {
  /** `hijri` is the Umm al-Qura date shifted by `hijriAdjustment` days. */
  date: { gregorian: string; hijri: (HijriDateParts & { events: DayEvent[] }) | null; hijriAdjustment: number };
  location: { lat: number; lng: number; timezone: string };
  method: AppliedMethod;
  madhab: MadhabName;
  highLatitudeRule: HighLatitudeRuleName;
  /** Local HH:mm. */
  timings: Record<TimingName, string | null>;
  /** ISO 8601 with the local offset. */
  timestamps: Record<TimingName, string | null>;
}
