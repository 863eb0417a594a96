// Core-only prayer-time throughput, against a bare adhan computation timed in the same run.
// Run: npm run bench:prayer-times-core   (after npm run setup)
import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { prayerCalendar, prayerTimes } from '@islamic-data/core';

const PLACES = [
  { lat: 21.4225, lng: 39.8262, timezone: 'Asia/Riyadh' },
  { lat: 51.5074, lng: -0.1278, timezone: 'Europe/London' },
  { lat: 40.7128, lng: -74.006, timezone: 'America/New_York' },
  { lat: -6.2088, lng: 106.8456, timezone: 'Asia/Jakarta' },
  { lat: 30.0444, lng: 31.2357, timezone: 'Africa/Cairo' },
  { lat: 41.0082, lng: 28.9784, timezone: 'Europe/Istanbul' },
  { lat: 33.5731, lng: -7.5898, timezone: 'Africa/Casablanca' },
  { lat: 24.8607, lng: 67.0011, timezone: 'Asia/Karachi' },
];
const THIRTY_DAY_MONTHS = [4, 6, 9, 11];
const ROUNDS = 5;
const ROUND_MS = 600;

interface Case {
  name: string;
  /** Days of prayer times computed per call. */
  days: number;
  run: (i: number) => unknown;
}

// Inputs are built before timing, so that the cases time the library and not the bench.
const DATES = Array.from(
  { length: 24 },
  (_, i) => `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`,
);
const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const withZone = DATES.flatMap((date) => PLACES.map((place) => ({ ...place, date })));
const withoutZone = withZone.map(({ lat, lng, date }) => ({ lat, lng, date }));
const ummAlQura = withZone.map((input) => ({ ...input, method: 'umm-al-qura', adjustments: 'fajr:2,isha:-1' }));
const months = THIRTY_DAY_MONTHS.flatMap((month) => PLACES.map((place) => ({ ...place, year: 2026, month })));
const mwl = CalculationMethod.MuslimWorldLeague();
const adhanInputs = withZone.map(({ lat, lng, date }) => ({
  coordinates: new Coordinates(lat, lng),
  date: new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12),
}));
const adhanMonths = PLACES.map(({ lat, lng }) => ({
  coordinates: new Coordinates(lat, lng),
  days: Array.from({ length: 30 }, (_, day) => new Date(2026, 3, day + 1, 12)),
}));

const CASES: Case[] = [
  {
    name: 'baseline: bare adhan PrayerTimes, 1 day',
    days: 1,
    run: (i) => {
      const { coordinates, date } = pick(adhanInputs, i);
      return new PrayerTimes(coordinates, date, mwl);
    },
  },
  { name: 'prayerTimes, 1 day, timezone given', days: 1, run: (i) => prayerTimes(pick(withZone, i)) },
  { name: 'prayerTimes, 1 day, timezone from coordinates', days: 1, run: (i) => prayerTimes(pick(withoutZone, i)) },
  { name: 'prayerTimes, 1 day, umm-al-qura + adjustments', days: 1, run: (i) => prayerTimes(pick(ummAlQura, i)) },
  {
    name: 'baseline: bare adhan PrayerTimes, 30 days',
    days: 30,
    run: (i) => {
      const { coordinates, days } = pick(adhanMonths, i);
      for (const day of days) new PrayerTimes(coordinates, day, mwl);
    },
  },
  { name: 'prayerCalendar, 30-day month', days: 30, run: (i) => prayerCalendar(pick(months, i)) },
];

/** Calls per second over one timed round. */
function timedRound({ run }: Case): number {
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    for (let k = 0; k < 10; k += 1) run(calls++);
  }
  return (calls * 1000) / (performance.now() - start);
}

// Every case is warmed up before any is timed, and the timed rounds take turns, so that JIT tiering
// and the load of a shared machine fall on all cases alike. Each case's figure is its median round.
CASES.forEach(timedRound);
const rounds = CASES.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round += 1)
  CASES.forEach((benchCase, index) => rounds[index]!.push(timedRound(benchCase)));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results = CASES.map((benchCase, index) => ({ ...benchCase, calls: median(rounds[index]!) }));
const baselineDaysPerSecond = results[0]!.calls;

const rows = results.map(({ name, days, calls }) => {
  const daysPerSecond = calls * days;
  return [
    name,
    Math.round(calls).toLocaleString('en-US'),
    Math.round(daysPerSecond).toLocaleString('en-US'),
    (1e6 / daysPerSecond).toFixed(1),
    `${(baselineDaysPerSecond / daysPerSecond).toFixed(2)}×`,
  ];
});
const header = ['case', 'calls/s', 'days/s', 'µs/day', 'cost vs bare adhan day'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
    .join('  ');

console.log(
  `Node ${process.version}, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms per case (median), ` +
    `${PLACES.length} places rotated.\n`,
);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));
