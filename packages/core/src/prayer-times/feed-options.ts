import { PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { eventsOf } from '../hijri/hijri-conversion.js';
import { NAME_LANGUAGES, type NameLanguage } from '../names/languages.js';
import { escapeText } from './icalendar-text.js';
import type { PrayerTimesDay } from './prayer-times-types.js';

/** CONTRACT §19: `alarm` minutes before each event, 0..120. Shared by every calendar feed (prayers, mosques). */
export const FEED_ALARM_LIMIT = 120;

/** What a calendar feed's reader may ask besides the days: reminders, the language of names, Islamic days. */
export interface FeedOptions {
  /** A VALARM this many minutes (0–120) before each prayer event; none when absent. */
  alarm?: number | null;
  /** The language of the events' names; default English. */
  lang?: NameLanguage | null;
  /** Islamic days as all-day events. */
  events?: boolean | null;
}

/** The options checked: a bad one throws naming it. */
export function validFeedOptions(options: FeedOptions): { alarm: number | null; lang: NameLanguage; events: boolean } {
  const { alarm, lang, events } = options;
  if (alarm !== undefined && alarm !== null && (!Number.isInteger(alarm) || alarm < 0 || alarm > FEED_ALARM_LIMIT))
    throw ruleBroken('alarm', PARAMETER_RULES.wholeNumber(0, FEED_ALARM_LIMIT));
  if (lang !== undefined && lang !== null && !NAME_LANGUAGES.includes(lang))
    throw ruleBroken('lang', PARAMETER_RULES.oneOf(NAME_LANGUAGES));
  return { alarm: alarm ?? null, lang: lang ?? 'en', events: events === true };
}

/** RFC 5545 §3.6.6: a display alarm `minutes` before the event starts, its text the event's name. */
export function alarmLines(minutes: number | null, summary: string): string[] {
  if (minutes === null) return [];
  return [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(summary)}`,
    `TRIGGER:-PT${minutes}M`,
    'END:VALARM',
  ];
}

/**
 * The Islamic days of the feed's days as all-day events (DTSTART;VALUE=DATE, a DTEND the next day), named in
 * `lang`; UIDs from the date and the day's id, so a refetch updates them.
 */
export function islamicDayEventLines(
  days: readonly PrayerTimesDay[],
  lang: NameLanguage,
  stamp: string,
  uidSuffix: string,
): string[] {
  return days.flatMap(({ date }) => {
    if (date.hijri === null) return [];
    const start = date.gregorian.replace(/-/g, '');
    const next = new Date(Date.parse(`${date.gregorian}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return eventsOf(date.hijri).flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${start}-${event.id}-${uidSuffix}@islamic-data-api`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${start}`,
      `DTEND;VALUE=DATE:${next.replace(/-/g, '')}`,
      `SUMMARY:${escapeText(event.name[lang])}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]);
  });
}
