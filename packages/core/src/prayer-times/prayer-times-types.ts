import type { HijriDateParts } from '../hijri/umm-al-qura.js';
import type { CalculationMethodDescription } from './calculation-methods.js';
import type { PrayerName, PrayerOffsets } from './prayer-names.js';

export const MADHABS = ['shafi', 'hanafi'] as const;
export type MadhabName = (typeof MADHABS)[number];

export const HIGH_LATITUDE_RULES = ['middle-of-the-night', 'seventh-of-the-night', 'twilight-angle'] as const;
export type HighLatitudeRuleName = (typeof HIGH_LATITUDE_RULES)[number];

export const POLAR_CIRCLE_RESOLUTIONS = ['aqrab-balad', 'aqrab-yaum', 'unresolved'] as const;
export type PolarCircleResolutionName = (typeof POLAR_CIRCLE_RESOLUTIONS)[number];

export const SHAFAQ_KINDS = ['general', 'ahmer', 'abyad'] as const;
export type ShafaqKind = (typeof SHAFAQ_KINDS)[number];

/** Everything but the day: CONTRACT §6's query parameters. Absent (or null) means the default. */
export interface PrayerTimesOptions {
  lat: number;
  lng: number;
  /** Slug or Aladhan numeric id; default `muslim-world-league`. */
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
> & { shafaq?: ShafaqKind };

/** CONTRACT §6 `data`. A time that cannot be computed (polar day or night) is null. */
export interface PrayerTimesDay {
  date: { gregorian: string; hijri: HijriDateParts | null };
  location: { lat: number; lng: number; timezone: string };
  method: AppliedMethod;
  madhab: MadhabName;
  highLatitudeRule: HighLatitudeRuleName;
  /** Local HH:mm. */
  timings: Record<PrayerName, string | null>;
  /** ISO 8601 with the local offset. */
  timestamps: Record<PrayerName, string | null>;
}
