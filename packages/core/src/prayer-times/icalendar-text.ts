import { pad2, type CivilDate } from '../timezone/civil-date.js';
import { utcOffsetMinutes } from '../timezone/zoned-time.js';

/** RFC 5545 §3.1: content lines end in CRLF and are folded at 75 octets, continuing after CRLF and a space. */
export function foldLine(line: string): string {
  // Most lines are printable ASCII, one octet a character: short ones are kept, long ones cut by length (a
  // character at a time, each DESCRIPTION took a tenth of a feed's CPU).
  if (!NOT_PRINTABLE_ASCII.test(line)) return line.length <= 75 ? line : foldAscii(line);
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character.codePointAt(0)!);
    // The first line holds 75 octets; a continuation line's leading space counts as one of its 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const NOT_PRINTABLE_ASCII = /[^ -~]/;

function foldAscii(line: string): string {
  const parts = [line.slice(0, 75)];
  for (let at = 75; at < line.length; at += 74) parts.push(line.slice(at, at + 74));
  return parts.join('\r\n ');
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and newline escaped. */
export const escapeText = (text: string): string =>
  text.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n');

/** The lines joined and folded, ending in CRLF. */
export const icalendarText = (lines: readonly string[]): string => lines.map(foldLine).join('\r\n') + '\r\n';

/** DATE-TIME in local ("floating" until a TZID is attached) form: 20260320T053600. */
export const localDateTime = (date: CivilDate, hour: number, minute: number, second = 0): string =>
  `${String(date.year).padStart(4, '0')}${pad2(date.month)}${pad2(date.day)}` +
  `T${pad2(hour)}${pad2(minute)}${pad2(second)}`;

/** DATE-TIME in UTC: 20260320T023600Z. */
export const utcDateTime = (instant: Date): string => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** UTC-OFFSET: +0300, -0430. */
const utcOffset = (minutes: number): string => {
  const magnitude = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad2(Math.floor(magnitude / 60))}${pad2(magnitude % 60)}`;
};

const DAY = 86_400_000;
const MINUTE = 60_000;

interface Observance {
  /** First instant of the offset. */
  from: number;
  offsetBefore: number;
  offset: number;
}

/**
 * A VTIMEZONE for the IANA zone, read from Intl over [start, end]: one observance for the offset in
 * force at `start`, then one per change (found to the minute), each with the exact offsets so that a
 * parser that does not know the IANA name still places every time right. DAYLIGHT marks an offset above
 * the smaller of that year's January and July offsets.
 */
export function vtimezoneLines(timeZone: string, start: number, end: number): string[] {
  const offsetAt = (instant: number) => utcOffsetMinutes(new Date(instant), timeZone);
  const initial = offsetAt(start);
  const observances: Observance[] = [{ from: start, offsetBefore: initial, offset: initial }];
  let previous = initial;
  for (let instant = start + DAY; instant < end + DAY; instant += DAY) {
    const offset = offsetAt(instant);
    if (offset === previous) continue;
    let [low, high] = [instant - DAY, instant];
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(middle) === previous) low = middle;
      else high = middle;
    }
    observances.push({ from: high, offsetBefore: previous, offset });
    previous = offset;
  }
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observances.flatMap(({ from, offsetBefore, offset }) => {
      const kind = isDaylight(offset, from, offsetAt) ? 'DAYLIGHT' : 'STANDARD';
      // DTSTART of an observance is written on the clock in force before it (TZOFFSETFROM).
      const wallClock = new Date(from + offsetBefore * MINUTE);
      const onset = localDateTime(
        { year: wallClock.getUTCFullYear(), month: wallClock.getUTCMonth() + 1, day: wallClock.getUTCDate() },
        wallClock.getUTCHours(),
        wallClock.getUTCMinutes(),
      );
      return [
        `BEGIN:${kind}`,
        `DTSTART:${onset}`,
        `TZOFFSETFROM:${utcOffset(offsetBefore)}`,
        `TZOFFSETTO:${utcOffset(offset)}`,
        `END:${kind}`,
      ];
    }),
    'END:VTIMEZONE',
  ];
}

function isDaylight(offset: number, instant: number, offsetAt: (instant: number) => number): boolean {
  const year = new Date(instant).getUTCFullYear();
  const january = new Date(0).setUTCFullYear(year, 0, 15);
  const july = new Date(0).setUTCFullYear(year, 6, 15);
  return offset > Math.min(offsetAt(january), offsetAt(july));
}
