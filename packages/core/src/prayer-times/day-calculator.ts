import { Coordinates, PrayerTimes } from 'adhan';
import { adjustedHijriOf } from '../hijri/hijri-adjustment.js';
import { eventsOf } from '../hijri/hijri-conversion.js';
import { RAMADAN } from '../hijri/hijri-names.js';
import type { HijriDateParts } from '../hijri/umm-al-qura.js';
import { addDays, daysBetween, formatIsoDate, utcMidnight, type CivilDate } from '../timezone/civil-date.js';
import { civilDateIn, formatClock, formatZonedIso, zonedDateTimes } from '../timezone/zoned-time.js';
import { toAdhanParameters } from './adhan-parameters.js';
import { implausibleTimes } from './implausible-times.js';
import { noonSolarAltitude } from './noon-sun.js';
import { PRAYER_NAMES, type PrayerName } from './prayer-names.js';
import type { PrayerSettings } from './prayer-settings.js';
import { sunnahInstants } from './sunnah-times.js';
import type { AppliedMethod, PrayerTimesDay, TimingName } from './prayer-times-types.js';

export type DayCalculator = (date: CivilDate) => PrayerTimesDay;

/**
 * Everything that does not depend on the day (adhan parameters, coordinates, method summary) is
 * built once here; each call then costs one adhan computation and the local-time formatting.
 * `referenceDate` fixes which solar day maps to a local calendar day (see `solarDayShift`).
 */
export function dayCalculator(settings: PrayerSettings, referenceDate: CivilDate): DayCalculator {
  const coordinates = new Coordinates(settings.lat, settings.lng);
  const regular = { parameters: toAdhanParameters(settings), ishaInterval: settings.method.ishaInterval };
  const ramadanInterval = settings.method.ramadanIshaInterval;
  const ramadan = ramadanInterval
    ? { parameters: toAdhanParameters(settings, ramadanInterval), ishaInterval: ramadanInterval }
    : regular;
  const shift = solarDayShift(referenceDate, settings.lng, settings.timezone);
  const unresolvedPolar = settings.polarCircleResolution === 'unresolved';
  const { hijriAdjustment, imsakMinutes, midnightMode } = settings;

  /** adhan's times of a local day, null where missing or implausible. */
  const computeDay = (date: CivilDate): ComputedDay => {
    const hijri = adjustedHijriOf(date, hijriAdjustment);
    const { parameters, ishaInterval } = hijri?.month === RAMADAN ? ramadan : regular;
    const solarDate = addDays(date, -shift);
    const times = new PrayerTimes(coordinates, adhanDate(solarDate), parameters);
    const wrong = implausibleTimes(times, unresolvedPolar && noonSolarAltitude(settings.lat, solarDate) <= 0);
    // adhan answers Invalid Date where the sun never reaches the needed depression and no rule applies.
    const usable = (time: Date, name: PrayerName) => (Number.isNaN(time.getTime()) || wrong.has(name) ? null : time);
    return {
      hijri,
      ishaInterval,
      instants: PRAYER_NAMES.map((name) => usable(times[name], name)),
      sunset: usable(times.sunset, 'maghrib'),
    };
  };
  // A calendar asks for each day after the one before: the next day's Fajr is then already computed.
  let previous: { key: number; day: ComputedDay } | undefined;
  const computeOnce = (date: CivilDate): ComputedDay => {
    const key = utcMidnight(date);
    if (previous?.key !== key) previous = { key, day: computeDay(date) };
    return previous.day;
  };

  return (date) => {
    const { hijri, ishaInterval, instants, sunset } = computeOnce(date);
    const nextFajr = computeOnce(addDays(date, 1)).instants[FAJR]!;
    const [fajr, , , , maghrib] = instants;
    const sunnah = sunnahInstants({ fajr: fajr!, sunset, maghrib: maghrib!, nextFajr }, imsakMinutes, midnightMode);
    const timings = blankTimes();
    const timestamps = blankTimes();
    const readings = zonedDateTimes(
      [...instants, sunnah.imsak, sunnah.midnight, sunnah.firstThird, sunnah.lastThird],
      settings.timezone,
    );
    TIMING_ORDER.forEach((name, index) => {
      const local = readings[index]!;
      timings[name] = local && formatClock(local);
      timestamps[name] = local && formatZonedIso(local);
    });
    return {
      date: { gregorian: formatIsoDate(date), hijri: hijri && { ...hijri, events: eventsOf(hijri) }, hijriAdjustment },
      location: { lat: settings.lat, lng: settings.lng, timezone: settings.timezone },
      method: appliedMethod(settings, ishaInterval),
      madhab: settings.madhab,
      highLatitudeRule: settings.highLatitudeRule,
      timings,
      timestamps,
    };
  };
}

interface ComputedDay {
  hijri: HijriDateParts | null;
  ishaInterval: number;
  /** In PRAYER_NAMES order. */
  instants: (Date | null)[];
  sunset: Date | null;
}

const FAJR = PRAYER_NAMES.indexOf('fajr');
/** The order the instants are read in above. */
const TIMING_ORDER = [...PRAYER_NAMES, 'imsak', 'midnight', 'firstThird', 'lastThird'] as const;

/** Keys in TIMING_NAMES order (a test checks), whatever order the times are read in. */
const blankTimes = (): Record<TimingName, string | null> => ({
  fajr: null,
  sunrise: null,
  dhuhr: null,
  asr: null,
  maghrib: null,
  isha: null,
  imsak: null,
  midnight: null,
  firstThird: null,
  lastThird: null,
});

/**
 * The method as a day's answer states it, with that day's Isha interval (Ramadan's or not). Each day
 * gets its own objects; spelled out because object spread is slow on this hot path.
 */
function appliedMethod({ method, shafaq, methodChoice }: PrayerSettings, ishaInterval: number): AppliedMethod {
  const { fajr, sunrise, dhuhr, asr, maghrib, isha } = method.offsets;
  const applied: AppliedMethod = {
    id: method.id,
    name: method.name,
    aladhanId: method.aladhanId,
    fajrAngle: method.fajrAngle,
    ishaAngle: method.ishaAngle,
    ishaInterval,
    maghribAngle: method.maghribAngle,
    offsets: { fajr, sunrise, dhuhr, asr, maghrib, isha },
  };
  if (shafaq) applied.shafaq = shafaq;
  if (methodChoice) {
    applied.chosenBy = methodChoice.chosenBy;
    applied.country = methodChoice.country;
  }
  return applied;
}

/**
 * adhan computes the solar day of the date it is given, at the longitude. Where the zone's clock is
 * about a day away from solar time (Kiritimati is UTC+14 at 157° W) that solar day falls on the
 * next or previous local date, so adhan must be given the date shifted back by this many days.
 */
function solarDayShift(date: CivilDate, lng: number, timeZone: string): number {
  const approximateSolarNoon = utcMidnight(date) + (12 * 60 - lng * 4) * 60_000;
  return daysBetween(date, civilDateIn(new Date(approximateSolarNoon), timeZone));
}

/** adhan reads the date through the host zone's getFullYear/getMonth/getDate: local noon keeps those right. */
function adhanDate({ year, month, day }: CivilDate): Date {
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year, month - 1, day);
  return date;
}
