import { PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { addDays, parseIsoDate, utcMidnight } from '../timezone/civil-date.js';
import { utcOffsetMinutes } from '../timezone/zoned-time.js';
import { escapeText, icalendarText, localDateTime, utcDateTime, vtimezoneLines } from './icalendar-text.js';
import { resolvePrayerSettings, type PrayerSettings } from './prayer-settings.js';
import { assertCalendarMonth, monthDays, PRAYER_TIMES_YEARS } from './prayer-times.js';
import type { PrayerCalendarInput, PrayerTimesDay } from './prayer-times-types.js';
import { FEED_WORDS, PRAYER_TIME_NAMES, type NameLanguage } from '../names/languages.js';
import { alarmLines, islamicDayEventLines, validFeedOptions, type FeedOptions } from './feed-options.js';

/** The prayers a feed has an event for; sunrise and the sunnah times are written in the events' descriptions. */
export const FEED_PRAYERS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export const MAX_FEED_MONTHS = 12;

export interface PrayerFeedInput extends PrayerCalendarInput, FeedOptions {
  /** Months from `year`/`month`, 1–12; default 1. */
  months?: number;
  /** The current instant: DTSTAMP is the start of its UTC day. Default: the system clock. */
  now?: Date;
}

/**
 * An RFC 5545 calendar of `months` months of prayer times: one VEVENT per prayer and day (none where a
 * time is null), at the local time in the zone (TZID with a VTIMEZONE built from the zone's offsets).
 * A UID depends only on the date, the prayer and the settings, so a feed fetched again updates its
 * events instead of adding them; DTSTAMP changes once a day, so the feed is byte-identical within one.
 */
export function prayerCalendarFeed(input: PrayerFeedInput): string {
  const settings = resolvePrayerSettings(input);
  const feed = validFeedOptions(input);
  assertCalendarMonth(input.year, input.month);
  const { days, first, afterLast, stamp } = feedDays(input, (year, month) => monthDays(settings, year, month));
  const settingsKey = settingsHash(settings);
  const place = `${settings.lat}, ${settings.lng}`;
  return icalendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Islamic Data API//Prayer times//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${FEED_WORDS.prayerTimes[feed.lang]} ${place} (${settings.method.name})`)}`,
    `X-WR-TIMEZONE:${settings.timezone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:P1D',
    'X-PUBLISHED-TTL:P1D',
    ...vtimezoneLines(settings.timezone, utcMidnight(addDays(first, -1)), utcMidnight(addDays(afterLast, 1))),
    ...days.flatMap((day) => dayEvents(day, settings, { stamp, settingsKey, place, ...feed })),
    ...(feed.events ? islamicDayEventLines(days, feed.lang, stamp, String(settings.hijriAdjustment)) : []),
    'END:VCALENDAR',
  ]);
}

function dayEvents(
  day: PrayerTimesDay,
  settings: PrayerSettings,
  shared: { stamp: string; settingsKey: string; place: string; alarm: number | null; lang: NameLanguage },
): string[] {
  const { timings, timestamps } = day;
  const compactDate = day.date.gregorian.replace(/-/g, '');
  return FEED_PRAYERS.flatMap((prayer) => {
    const timestamp = timestamps[prayer];
    if (timestamp === null) return [];
    const summary = PRAYER_TIME_NAMES[prayer][shared.lang];
    return [
      'BEGIN:VEVENT',
      `UID:${compactDate}-${prayer}-${shared.settingsKey}@islamic-data-api`,
      `DTSTAMP:${shared.stamp}`,
      start(timestamp, settings.timezone),
      `SUMMARY:${escapeText(summary)}`,
      `DESCRIPTION:${escapeText(describe(prayer, timings, settings, shared.place))}`,
      'TRANSP:TRANSPARENT',
      ...alarmLines(shared.alarm, summary),
      'END:VEVENT',
    ];
  });
}

const NEAR_A_CHANGE = 3 * 3_600_000;

/**
 * DTSTART on the zone's clock. Within hours of an offset change a local time may occur twice (the
 * clock set back) and RFC 5545 would read the first; such an event starts in UTC instead.
 */
export function start(timestamp: string, timeZone: string): string {
  const instant = Date.parse(timestamp);
  const offsets = [instant - NEAR_A_CHANGE, instant, instant + NEAR_A_CHANGE].map((at) =>
    utcOffsetMinutes(new Date(at), timeZone),
  );
  if (new Set(offsets).size > 1) return `DTSTART:${utcDateTime(new Date(instant))}`;
  const date = parseIsoDate(timestamp.slice(0, 10), 'date');
  const [hour, minute] = [Number(timestamp.slice(11, 13)), Number(timestamp.slice(14, 16))];
  return `DTSTART;TZID=${timeZone}:${localDateTime(date, hour, minute)}`;
}

/** The sunnah times and sunrise ride along in the text of the event they border. */
function describe(
  prayer: (typeof FEED_PRAYERS)[number],
  timings: PrayerTimesDay['timings'],
  settings: PrayerSettings,
  place: string,
): string {
  const notes: Record<(typeof FEED_PRAYERS)[number], [string, string | null][]> = {
    fajr: [
      ['Imsak', timings.imsak],
      ['Sunrise (end of Fajr)', timings.sunrise],
    ],
    dhuhr: [],
    asr: [],
    maghrib: [],
    isha: [
      ['First third of the night', timings.firstThird],
      ['Midnight', timings.midnight],
      ['Last third of the night', timings.lastThird],
    ],
  };
  const lines = notes[prayer].filter(([, time]) => time !== null).map(([name, time]) => `${name}: ${time}`);
  return [...lines, `${settings.method.name}, ${place} (${settings.timezone})`].join('\n');
}

/** How many months a feed covers (`months`, 1 when absent); 400 naming `months` past MAX_FEED_MONTHS. */
export function feedMonthCount(months: number | null | undefined): number {
  const count = months ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_FEED_MONTHS)
    throw ruleBroken('months', PARAMETER_RULES.wholeNumber(1, MAX_FEED_MONTHS));
  return count;
}

/**
 * The days a calendar feed covers: `months` (1..MAX_FEED_MONTHS) calendar months from `year`/`month`, each
 * month's days from `monthOf`; the span of dates they fill, and the feed's stamp (today's UTC midnight).
 */
export function feedDays<Day extends { date: { gregorian: string } }>(
  input: { year: number; month: number; months?: number | null; now?: Date | null },
  monthOf: (year: number, month: number) => Day[],
) {
  const days = Array.from({ length: feedMonthCount(input.months) }, (_, index) => {
    const monthIndex = input.month - 1 + index;
    return { year: input.year + Math.floor(monthIndex / 12), month: (monthIndex % 12) + 1 };
  }).flatMap(({ year, month }) => {
    if (year > PRAYER_TIMES_YEARS.last) throw ruleBroken('months', `must end by ${PRAYER_TIMES_YEARS.last}-12`);
    return monthOf(year, month);
  });
  const first = parseIsoDate(days[0]!.date.gregorian, 'year');
  const afterLast = addDays(parseIsoDate(days[days.length - 1]!.date.gregorian, 'year'), 1);
  const stamp = utcDateTime(new Date(utcMidnight(todayUtc(input.now ?? undefined))));
  return { days, first, afterLast, stamp };
}

function todayUtc(now: Date | undefined) {
  const instant = now ?? new Date();
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

/**
 * Eight hex digits (FNV-1a) of everything that decides the events' times, so that two feeds for
 * different places or methods never share a UID while one feed keeps its UIDs.
 */
function settingsHash(settings: PrayerSettings): string {
  const { lat, lng, timezone, method, madhab, highLatitudeRule, polarCircleResolution, shafaq, adjustments } = settings;
  const text = JSON.stringify([
    lat,
    lng,
    timezone,
    method.id,
    method.fajrAngle,
    method.ishaAngle,
    method.ishaInterval,
    madhab,
    highLatitudeRule,
    polarCircleResolution,
    shafaq ?? null,
    Object.entries(adjustments).sort(),
    settings.hijriAdjustment,
  ]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
