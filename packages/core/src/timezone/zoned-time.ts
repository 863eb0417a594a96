import { validationError } from '../errors.js';
import { formatIsoDate, pad2, type CivilDate } from './civil-date.js';

/** Wall-clock reading of an instant in a zone, with the zone's UTC offset at that instant. */
export interface ZonedDateTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
}

// Creating an Intl.DateTimeFormat costs far more than using one: keep one per zone, keyed by the
// lower-cased name (Intl ignores case) so that spellings of one zone share it.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const GMT_OFFSET = /GMT([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?/;

const DAY_MS = 86_400_000;
/** The zone's offsets over one UTC day: `offset` from its start, `then` from `changeAt` on (a clock change). */
interface DayOffsets {
  offset: number;
  changeAt: number;
  then: number;
}
/**
 * By zone (as spelt) and UTC day: a map per zone keyed by the day's number, which V8 looks up far faster than a
 * key string made for each reading (that lookup was a seventh of a calendar feed's CPU). About 100 bytes an entry;
 * past the limit the zone kept longest is dropped, all its days.
 */
const dayOffsets = new Map<string, Map<number, DayOffsets>>();
const MAX_DAY_OFFSETS = 20_000;
let dayOffsetsKept = 0;

/**
 * The zone's offset from UTC at that instant, in minutes, as Intl gives it. Formatting with Intl costs
 * microseconds, and a day's answer reads a dozen instants, so the offsets of each UTC day are read once
 * per zone: at its two ends and, when they differ, at the clock change found between them. Like
 * `zonedDateTimes`, this relies on a zone changing its offset at most once within a day.
 */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const time = instant.getTime();
  const offsets = dayOffsetsOf(timeZone, Math.floor(time / DAY_MS));
  return time < offsets.changeAt ? offsets.offset : offsets.then;
}

function dayOffsetsOf(timeZone: string, day: number): DayOffsets {
  let days = dayOffsets.get(timeZone);
  if (!days) {
    if (dayOffsetsKept >= MAX_DAY_OFFSETS) forgetOldestZone();
    dayOffsets.set(timeZone, (days = new Map()));
  }
  let offsets = days.get(day);
  if (!offsets) {
    // The offset a day starts with is the one the day before ended with: a calendar's days read Intl once each.
    offsets = offsetsOfDay(zoneFormatter(timeZone), day * DAY_MS, days.get(day - 1)?.then);
    days.set(day, offsets);
    if (++dayOffsetsKept > MAX_DAY_OFFSETS) forgetOldestZone();
  }
  return offsets;
}

function forgetOldestZone(): void {
  const [zone, days] = dayOffsets.entries().next().value!;
  dayOffsets.delete(zone);
  dayOffsetsKept -= days.size;
}

/**
 * The zone's formatter, made once per zone (whatever the name's case) and kept: the one that reads its offsets, and
 * the one `canonicalTimeZone` asks for the zone's name (each costs some 50 KB of ICU's memory and 0.1 ms to make).
 * Throws Intl's RangeError for a zone Intl does not know, and keeps nothing then.
 */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  return formatterOf(timeZone.toLowerCase(), timeZone);
}

function formatterOf(key: string, timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(key, formatter);
  }
  return formatter;
}

/** The offsets from `start` to a day later; a change between is found to the second (zones change on whole seconds). */
function offsetsOfDay(formatter: Intl.DateTimeFormat, start: number, startOffset?: number): DayOffsets {
  const offset = startOffset ?? offsetAt(formatter, start);
  const then = offsetAt(formatter, start + DAY_MS);
  if (then === offset) return { offset, changeAt: Infinity, then };
  // The first whole second with the new offset lies in (before, after].
  let before = start / 1000;
  let after = before + DAY_MS / 1000;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (offsetAt(formatter, middle * 1000) === offset) before = middle;
    else after = middle;
  }
  return { offset, changeAt: after * 1000, then: offsetAt(formatter, after * 1000) };
}

/**
 * Read from Intl's "GMT+05:45" form, the cheapest Intl output that carries the offset. Local mean time
 * offsets with seconds (before ~1900) are rounded.
 */
function offsetAt(formatter: Intl.DateTimeFormat, time: number): number {
  const match = GMT_OFFSET.exec(formatter.format(time));
  if (!match) return 0; // plain "GMT"
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0) + Math.round(Number(match[4] ?? 0) / 60);
  return match[1] === '-' ? -minutes : minutes;
}

function zonedDateTime(
  instant: Date,
  timeZone: string,
  offsetMinutes = utcOffsetMinutes(instant, timeZone),
): ZonedDateTime {
  const wallClock = new Date(instant.getTime() + offsetMinutes * 60_000);
  // Spelled out: spreading a fresh object here cost ten times the rest of the function in V8.
  return {
    year: wallClock.getUTCFullYear(),
    month: wallClock.getUTCMonth() + 1,
    day: wallClock.getUTCDate(),
    hour: wallClock.getUTCHours(),
    minute: wallClock.getUTCMinutes(),
    second: wallClock.getUTCSeconds(),
    offsetMinutes,
  };
}

/**
 * Readings of several instants, in any order, spanning at most about a day. Offsets change at most
 * once in such a span (transitions are months apart), so when the earliest and latest agree, every
 * instant between shares it.
 */
export function zonedDateTimes(instants: readonly (Date | null)[], timeZone: string): (ZonedDateTime | null)[] {
  let first: Date | undefined;
  let last: Date | undefined;
  for (const instant of instants) {
    if (instant === null) continue;
    if (!first || instant.getTime() < first.getTime()) first = instant;
    if (!last || instant.getTime() > last.getTime()) last = instant;
  }
  if (!first || !last) return instants.map(() => null);
  const firstOffset = utcOffsetMinutes(first, timeZone);
  const shared = first !== last && utcOffsetMinutes(last, timeZone) === firstOffset ? firstOffset : undefined;
  return instants.map(
    (instant) => instant && zonedDateTime(instant, timeZone, shared ?? (instant === first ? firstOffset : undefined)),
  );
}

/** The calendar date in the zone at that instant. */
export function civilDateIn(instant: Date, timeZone: string): CivilDate {
  const { year, month, day } = zonedDateTime(instant, timeZone);
  return { year, month, day };
}

/** Today's calendar date in the zone at `now` (default: the system clock). */
export function todayIn(now: Date | undefined, timeZone: string): CivilDate {
  const instant = now ?? new Date();
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw validationError('now must be a valid Date.');
  return civilDateIn(instant, timeZone);
}

/** "+03:00", "-04:00", "+05:45"; "+00:00" for UTC. */
function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  return `${sign}${pad2(Math.floor(magnitude / 60))}:${pad2(magnitude % 60)}`;
}

/** "HH:mm" on the zone's wall clock. */
export const formatClock = ({ hour, minute }: ZonedDateTime): string => `${pad2(hour)}:${pad2(minute)}`;

/** ISO 8601 with the local offset: 2026-11-22T05:12:00+03:00. */
export const formatZonedIso = (reading: ZonedDateTime): string =>
  `${formatIsoDate(reading)}T${formatClock(reading)}:${pad2(reading.second)}${formatOffset(reading.offsetMinutes)}`;
