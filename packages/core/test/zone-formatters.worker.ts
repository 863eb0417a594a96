// Run in a worker thread of its own by timezone.test.ts: a fresh copy of core's modules, so that no formatter is
// kept yet whichever zones the process's other tests read. Counts the Intl formatters made, by zone.
import { parentPort } from 'node:worker_threads';

const made: string[] = [];
const original = Intl.DateTimeFormat;
Intl.DateTimeFormat = new Proxy(original, {
  construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    made.push(String(args[1]?.timeZone));
    return new target(...args);
  },
});
const { canonicalTimeZone, resolveTimeZone } = await import('../src/timezone/time-zone.js');
const { utcOffsetMinutes } = await import('../src/timezone/zoned-time.js');

const answers = [
  resolveTimeZone('America/North_Dakota/Beulah'),
  resolveTimeZone('america/north_dakota/beulah'),
  utcOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'America/North_Dakota/Beulah'),
  utcOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Pacific/Chatham'),
  resolveTimeZone('Pacific/Chatham'),
  canonicalTimeZone('Mars/Olympus') ?? null,
];
parentPort!.postMessage({ made, answers });
