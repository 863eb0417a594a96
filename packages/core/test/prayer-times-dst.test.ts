import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PRAYER_NAMES, prayerTimes, type PrayerTimesDay } from '../src/index.js';

const LONDON = { lat: 51.5074, lng: -0.1278, timezone: 'Europe/London' };
const NEW_YORK = { lat: 40.7128, lng: -74.006, timezone: 'America/New_York' };

const offsetsOf = (day: PrayerTimesDay) => PRAYER_NAMES.map((name) => day.timestamps[name]!.slice(-6));
const minutesOfClock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const instant = (iso: string | null) => Date.parse(iso!);

/** The day before a change and the day of it, with the offsets expected on each. */
const TRANSITIONS = [
  { zone: 'Europe/London', place: LONDON, before: '2026-03-28', on: '2026-03-29', offsets: ['+00:00', '+01:00'] },
  { zone: 'Europe/London', place: LONDON, before: '2026-10-24', on: '2026-10-25', offsets: ['+01:00', '+00:00'] },
  { zone: 'America/New_York', place: NEW_YORK, before: '2026-03-07', on: '2026-03-08', offsets: ['-05:00', '-04:00'] },
  { zone: 'America/New_York', place: NEW_YORK, before: '2026-10-31', on: '2026-11-01', offsets: ['-04:00', '-05:00'] },
];

describe('core: prayer times across daylight-saving changes', () => {
  for (const { zone, place, before, on, offsets } of TRANSITIONS) {
    describe(`${zone} ${on}`, () => {
      const dayBefore = prayerTimes({ ...place, date: before });
      const dayOf = prayerTimes({ ...place, date: on });

      it(`every timestamp carries ${offsets[0]} the day before and ${offsets[1]} on the day`, () => {
        expect(offsetsOf(dayBefore)).to.deep.equal(Array(6).fill(offsets[0]));
        expect(offsetsOf(dayOf)).to.deep.equal(Array(6).fill(offsets[1]));
      });

      it('every time is on the requested local date', () => {
        for (const name of PRAYER_NAMES) expect(dayOf.timestamps[name], name).to.match(new RegExp(`^${on}T`));
      });

      it('the instants move by only a minute or two a day; the wall clock moves by the hour', () => {
        const hourShift = offsets[1] === '+01:00' || offsets[1] === '-04:00' ? 60 : -60;
        for (const name of PRAYER_NAMES) {
          const drift = (instant(dayOf.timestamps[name]) - instant(dayBefore.timestamps[name])) / 60_000 - 24 * 60;
          expect(Math.abs(drift), name).to.be.at.most(4);
          const clockShift = minutesOfClock(dayOf.timings[name]!) - minutesOfClock(dayBefore.timings[name]!);
          expect(clockShift - hourShift, name).to.be.within(-4, 4);
        }
      });

      it('times are in order through the day', () => {
        const instants = PRAYER_NAMES.map((name) => instant(dayOf.timestamps[name]));
        expect(instants).to.deep.equal([...instants].sort((a, b) => a - b));
      });
    });
  }

  it("does not depend on the host's own time zone", () => {
    const script = `import('${new URL('../src/index.js', import.meta.url).href}').then(({ prayerTimes }) =>
      process.stdout.write(JSON.stringify([
        prayerTimes({ lat: 51.5074, lng: -0.1278, date: '2026-03-29' }),
        prayerTimes({ lat: 40.7128, lng: -74.006, date: '2026-11-01' }),
        prayerTimes({ lat: 1.87, lng: -157.4, date: '2026-03-29' }),
      ])))`;
    const here = JSON.stringify([
      prayerTimes({ lat: 51.5074, lng: -0.1278, date: '2026-03-29' }),
      prayerTimes({ lat: 40.7128, lng: -74.006, date: '2026-11-01' }),
      prayerTimes({ lat: 1.87, lng: -157.4, date: '2026-03-29' }),
    ]);
    for (const hostZone of ['Pacific/Kiritimati', 'America/Santiago', 'Pacific/Pago_Pago']) {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TZ: hostZone },
        cwd: fileURLToPath(new URL('.', import.meta.url)),
      });
      expect(output.toString(), hostZone).to.equal(here);
    }
  });
});
