import { expect } from 'chai';
import { escapeText, foldLine, vtimezoneLines } from '../src/prayer-times/icalendar-text.js';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('core: iCalendar text (RFC 5545 §3.1, §3.3.11)', () => {
  it('folds a long line at 75 octets without splitting a character, and unfolds to the same text', () => {
    const line = `DESCRIPTION:${'Diyanet İşleri Başkanlığı — مكة '.repeat(8)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).to.be.greaterThan(3);
    for (const part of parts) expect(octets(part)).to.be.at.most(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).to.equal(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).to.equal(line);
  });

  it('folds a long ASCII line into parts of 75 octets, continuations counting their space, at every length', () => {
    for (const length of [75, 76, 149, 150, 151, 223, 224, 225, 600]) {
      const line = Array.from({ length }, (_, index) => String.fromCharCode(33 + (index % 90))).join('');
      const parts = foldLine(line).split('\r\n');
      expect(parts.map((part) => part.length)).to.deep.equal(
        Array.from({ length: parts.length }, (_, index) =>
          index === 0 ? Math.min(length, 75) : index < parts.length - 1 ? 75 : length - 75 - 74 * (index - 1) + 1,
        ),
        `${length} characters`,
      );
      expect(parts.slice(1).every((part) => part.startsWith(' '))).to.equal(true);
      expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).to.equal(line);
    }
  });

  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:Fajr')).to.equal('SUMMARY:Fajr');
  });

  it('escapes backslash, semicolon, comma and newlines in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).to.equal('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('a zone without changes has one observance; a DST change is found to the minute', () => {
    const riyadh = vtimezoneLines(
      'Asia/Riyadh',
      Date.parse('2026-03-01T00:00:00Z'),
      Date.parse('2026-04-01T00:00:00Z'),
    );
    expect(riyadh.filter((line) => line.startsWith('DTSTART'))).to.have.length(1);
    const london = vtimezoneLines(
      'Europe/London',
      Date.parse('2026-03-01T00:00:00Z'),
      Date.parse('2026-11-01T00:00:00Z'),
    );
    // tzdata: clocks go forward at 01:00 UTC on 2026-03-29 and back at 01:00 UTC on 2026-10-25.
    expect(london).to.include.members(['DTSTART:20260329T010000', 'TZOFFSETTO:+0100', 'DTSTART:20261025T020000']);
    expect(london.filter((line) => line.startsWith('BEGIN:DAYLIGHT'))).to.have.length(1);
  });
});
