import { parameterError } from '../parameter-error.js';
import { dayCalculator } from '../prayer-times/day-calculator.js';
import { escapeText, icalendarText, vtimezoneLines } from '../prayer-times/icalendar-text.js';
import { feedDays, feedMonthCount, start } from '../prayer-times/prayer-feed.js';
import { alarmLines, islamicDayEventLines, validFeedOptions, type FeedOptions } from '../prayer-times/feed-options.js';
import { PRAYER_TIME_NAMES, type NameLanguage } from '../names/languages.js';
import { MOSQUE_FEED_WORDS } from './mosque-feed-words.js';
import { resolvePrayerSettings, type PrayerSettings } from '../prayer-times/prayer-settings.js';
import { assertCalendarMonth, PRAYER_TIMES_YEARS } from '../prayer-times/prayer-times.js';
import type { PrayerTimesDay } from '../prayer-times/prayer-times-types.js';
import type { Stores } from '../shared/unit-of-work.js';
import { addDays, daysInMonth, parseIsoDate, utcMidnight, weekdayOf, type CivilDate } from '../timezone/civil-date.js';
import { formatClock, formatZonedIso, todayIn, utcOffsetMinutes, zonedDateTimes } from '../timezone/zoned-time.js';
import { getPublishedMosque } from './read-mosques.js';
import { IQAMA_PRAYERS, type IqamaPrayer, type IqamaRule, type MosqueSchedule } from './mosque-schedule.js';
import type { PublicMosque } from './mosque.js';

/** A time of the mosque's day: local HH:MM and ISO 8601 with the local offset. */
export interface MosqueTime {
  time: string;
  timestamp: string;
}

/** One day at a mosque (CONTRACT §20): the adhan times of `/prayer-times`, its iqama and, on Fridays, Jumu'ah. */
export type MosquePrayerDay = PrayerTimesDay & {
  mosque: { slug: string; nameEn: string; nameAr: string | null };
  /** null when the mosque has no schedule; a prayer without an iqama time (or whose adhan is null) is null. */
  iqama: Record<IqamaPrayer, MosqueTime | null> | null;
  /** Fridays only, and only when the schedule has Jumu'ah times; null otherwise. */
  jumuah: MosqueTime[] | null;
};

const FRIDAY = 5;

/** The instant a local wall-clock time of `date` happens in the zone (in a spring-forward gap: the later reading). */
export function localInstant(date: CivilDate, time: string, timeZone: string): Date {
  const wallClock = utcMidnight(date) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
  const first = utcOffsetMinutes(new Date(wallClock), timeZone);
  const guess = wallClock - first * 60_000;
  const second = utcOffsetMinutes(new Date(guess), timeZone);
  return new Date(second === first ? guess : wallClock - second * 60_000);
}

/** The prayer-time settings of a mosque: its schedule's, or the defaults of `/prayer-times` without one. */
export function mosqueSettings(mosque: PublicMosque): PrayerSettings {
  const schedule = mosque.schedule;
  return resolvePrayerSettings({
    lat: mosque.lat,
    lng: mosque.lng,
    method: schedule?.method,
    madhab: schedule?.madhab,
    highLatitudeRule: schedule?.highLatitudeRule ?? undefined,
    adjustments: schedule?.adjustments,
    hijriAdjustment: schedule?.hijriAdjustment,
  });
}

/** A calculator of the mosque's days, settings resolved once. */
function mosqueDays(mosque: PublicMosque, reference: CivilDate): (date: CivilDate) => MosquePrayerDay {
  const settings = mosqueSettings(mosque);
  const calculate = dayCalculator(settings, reference);
  const about = { slug: mosque.slug, nameEn: mosque.nameEn, nameAr: mosque.nameAr };
  return (date) => {
    const day = calculate(date);
    return {
      ...day,
      mosque: about,
      iqama: mosque.schedule && iqamaTimes(mosque.schedule, day, date, settings.timezone),
      jumuah: jumuahTimes(mosque.schedule, date, settings.timezone),
    };
  };
}

function iqamaTimes(
  schedule: MosqueSchedule,
  day: PrayerTimesDay,
  date: CivilDate,
  timeZone: string,
): Record<IqamaPrayer, MosqueTime | null> {
  const instants = IQAMA_PRAYERS.map((prayer) =>
    iqamaInstant(schedule.iqama[prayer], day.timestamps[prayer], date, timeZone),
  );
  const readings = zonedDateTimes(instants, timeZone);
  return Object.fromEntries(
    IQAMA_PRAYERS.map((prayer, index) => {
      const reading = readings[index];
      return [prayer, reading ? { time: formatClock(reading), timestamp: formatZonedIso(reading) } : null];
    }),
  ) as Record<IqamaPrayer, MosqueTime | null>;
}

/** `after`: that many minutes after the adhan (none without an adhan time); `at`: the local time that day. */
function iqamaInstant(rule: IqamaRule | null, adhan: string | null, date: CivilDate, timeZone: string): Date | null {
  if (rule === null) return null;
  if ('at' in rule) return localInstant(date, rule.at, timeZone);
  return adhan === null ? null : new Date(Date.parse(adhan) + rule.after * 60_000);
}

function jumuahTimes(schedule: MosqueSchedule | null, date: CivilDate, timeZone: string): MosqueTime[] | null {
  if (!schedule || schedule.jumuah.length === 0 || weekdayOf(date) !== FRIDAY) return null;
  const readings = zonedDateTimes(
    schedule.jumuah.map((time) => localInstant(date, time, timeZone)),
    timeZone,
  );
  return readings.map((reading) => ({ time: formatClock(reading!), timestamp: formatZonedIso(reading!) }));
}

/** `GET /mosques/{slug}/prayer-times?date=`: `date` defaults to today in the mosque's zone. */
export async function mosquePrayerTimes(
  stores: Pick<Stores, 'mosques'>,
  slug: string,
  input: { date?: string; now?: Date },
): Promise<MosquePrayerDay> {
  const mosque = await getPublishedMosque(stores, slug);
  const date =
    input.date === undefined ? todayIn(input.now, mosqueSettings(mosque).timezone) : parseIsoDate(input.date, 'date');
  if (date.year < PRAYER_TIMES_YEARS.first)
    throw parameterError(
      'date',
      `date must be in the years ${PRAYER_TIMES_YEARS.first} to ${PRAYER_TIMES_YEARS.last}.`,
    );
  return mosqueDays(mosque, date)(date);
}

/** `GET /mosques/{slug}/prayer-times/calendar?year&month`: every day of the month. */
export async function mosquePrayerCalendar(
  stores: Pick<Stores, 'mosques'>,
  slug: string,
  input: { year: number; month: number },
): Promise<MosquePrayerDay[]> {
  assertCalendarMonth(input.year, input.month);
  const mosque = await getPublishedMosque(stores, slug);
  return monthOf(mosque, input.year, input.month);
}

function monthOf(mosque: PublicMosque, year: number, month: number): MosquePrayerDay[] {
  const calculate = mosqueDays(mosque, { year, month, day: 15 });
  return Array.from({ length: daysInMonth(year, month) }, (_, index) => calculate({ year, month, day: index + 1 }));
}

export interface MosqueFeedInput extends FeedOptions {
  year: number;
  month: number;
  /** Months from `year`/`month`, 1–12; default 1. */
  months?: number;
  /** DTSTAMP is the start of this instant's UTC day. */
  now?: Date;
}

/**
 * `GET /mosques/{slug}/prayer-times/calendar.ics`: an RFC 5545 calendar with an adhan event per prayer and
 * day, an iqama event where the schedule gives one, and the Jumu'ah times on Fridays. Each UID depends on the
 * mosque, the date, the event and the time it was computed for, so a changed schedule replaces its events.
 */
export async function mosqueCalendarFeed(
  stores: Pick<Stores, 'mosques'>,
  slug: string,
  input: MosqueFeedInput,
): Promise<string> {
  assertCalendarMonth(input.year, input.month);
  const feed = validFeedOptions(input);
  feedMonthCount(input.months); // refused before the mosque is looked up
  const mosque = await getPublishedMosque(stores, slug);
  const timeZone = mosqueSettings(mosque).timezone;
  const { days, first, afterLast, stamp } = feedDays(input, (year, month) => monthOf(mosque, year, month));
  const name = mosque.nameEn;
  return icalendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Islamic Data API//Mosque prayer times//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${name}: ${MOSQUE_FEED_WORDS.prayerTimes[feed.lang]}`)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:P1D',
    'X-PUBLISHED-TTL:P1D',
    ...vtimezoneLines(timeZone, utcMidnight(addDays(first, -1)), utcMidnight(addDays(afterLast, 1))),
    ...days.flatMap((day) => mosqueDayEvents(day, { timeZone, stamp, name, alarm: feed.alarm, lang: feed.lang })),
    ...(feed.events
      ? islamicDayEventLines(days, feed.lang, stamp, `${mosque.slug}-${days[0]!.date.hijriAdjustment}`)
      : []),
    'END:VCALENDAR',
  ]);
}

/**
 * The events of a day in order: each prayer's adhan then its iqama, and Jumu'ah on Fridays; named in `lang`
 * ("Fajr · Iqama"), each with a reminder `alarm` minutes before when asked.
 */
export function mosqueDayEvents(
  day: MosquePrayerDay,
  feed: { timeZone: string; stamp: string; name: string; alarm: number | null; lang: NameLanguage },
): string[] {
  const compactDate = day.date.gregorian.replace(/-/g, '');
  const { lang } = feed;
  const event = (id: string, timestamp: string, summary: string) => [
    'BEGIN:VEVENT',
    `UID:${compactDate}-${id}-${timestamp.slice(11, 16).replace(':', '')}-${day.mosque.slug}@islamic-data-api`,
    `DTSTAMP:${feed.stamp}`,
    start(timestamp, feed.timeZone),
    `SUMMARY:${escapeText(summary)}`,
    `LOCATION:${escapeText(feed.name)}`,
    'TRANSP:TRANSPARENT',
    ...alarmLines(feed.alarm, summary),
    'END:VEVENT',
  ];
  const prayers = IQAMA_PRAYERS.flatMap((prayer) => {
    const adhan = day.timestamps[prayer];
    const iqama = day.iqama?.[prayer] ?? null;
    const prayerName = PRAYER_TIME_NAMES[prayer][lang];
    return [
      ...(adhan === null ? [] : event(`${prayer}-adhan`, adhan, `${prayerName} · ${MOSQUE_FEED_WORDS.adhan[lang]}`)),
      ...(iqama === null
        ? []
        : event(`${prayer}-iqama`, iqama.timestamp, `${prayerName} · ${MOSQUE_FEED_WORDS.iqama[lang]}`)),
    ];
  });
  const jumuah = (day.jumuah ?? []).flatMap((time, index) =>
    event(`jumuah-${index + 1}`, time.timestamp, MOSQUE_FEED_WORDS.jumuah[lang]),
  );
  return [...prayers, ...jumuah];
}
