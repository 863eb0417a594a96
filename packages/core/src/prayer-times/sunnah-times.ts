import type { MidnightMode } from './prayer-times-types.js';

const MINUTE = 60_000;

/** Instants of the sunnah times of one day; null where an input is null. */
export interface SunnahInstants {
  imsak: Date | null;
  midnight: Date | null;
  firstThird: Date | null;
  lastThird: Date | null;
}

export interface NightInputs {
  fajr: Date | null;
  sunset: Date | null;
  maghrib: Date | null;
  nextFajr: Date | null;
}

// adhan's SunnahTimes rounds to the nearest minute the same way.
const nearestMinute = (milliseconds: number) => new Date(Math.round(milliseconds / MINUTE) * MINUTE);

/**
 * Imsak is Fajr less `imsakMinutes`. The night starts at Maghrib (`standard`, as adhan's SunnahTimes)
 * or at sunset (`jafari`, as Aladhan's and PrayTimes' Jafari midnight) and ends at the next day's
 * Fajr; midnight is its half, the thirds its first and second third. A night that cannot be measured
 * (a null end, or none between them) gives null.
 */
export function sunnahInstants(inputs: NightInputs, imsakMinutes: number, mode: MidnightMode): SunnahInstants {
  const imsak = inputs.fajr && new Date(inputs.fajr.getTime() - imsakMinutes * MINUTE);
  const start = (mode === 'jafari' ? inputs.sunset : inputs.maghrib)?.getTime();
  const end = inputs.nextFajr?.getTime();
  if (start === undefined || end === undefined || !(end > start)) {
    return { imsak, midnight: null, firstThird: null, lastThird: null };
  }
  const night = end - start;
  return {
    imsak,
    midnight: nearestMinute(start + night / 2),
    firstThird: nearestMinute(start + night / 3),
    lastThird: nearestMinute(start + (night * 2) / 3),
  };
}
