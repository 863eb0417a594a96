import type { PrayerTimes } from 'adhan';
import type { PrayerName } from './prayer-names.js';

const HOUR = 3_600_000;

/**
 * adhan refines each time by one Newton step from an hour angle. Where the sun's noon (or midnight)
 * altitude is close to the altitude sought, at the edges of polar day and night, that step diverges
 * and adhan answers a valid-looking but wrong time: a sunrise after Dhuhr, a sunset 14 hours after it,
 * an Asr before Dhuhr. In polar night it even answers an Asr, from a negative sun altitude, though with
 * no shadow there is no Asr. These times are found by their physical bounds and reported as null
 * (CONTRACT §6: null, never a wrong time). Fajr and Isha may be derived from a wrong sunrise or sunset
 * (high-latitude rules), so they go with them.
 */
export function implausibleTimes(times: PrayerTimes, noSunAtNoon: boolean): Set<PrayerName> {
  const dhuhr = times.dhuhr.getTime();
  const [fajr, sunrise, asr, sunset, maghrib, isha] = [
    times.fajr,
    times.sunrise,
    times.asr,
    times.sunset,
    times.maghrib,
    times.isha,
  ].map((time) => time.getTime()) as [number, number, number, number, number, number];
  const wrong = new Set<PrayerName>();
  const known = (time: number) => !Number.isNaN(time);

  if (known(sunrise) && !(sunrise < dhuhr && sunrise > dhuhr - 12 * HOUR)) wrong.add('sunrise').add('fajr');
  if (known(sunset) && !(sunset > dhuhr && sunset < dhuhr + 12 * HOUR)) wrong.add('maghrib').add('isha');
  if (noSunAtNoon || !(asr > dhuhr) || (known(sunset) && !(asr < sunset))) wrong.add('asr');
  if (!(fajr < dhuhr && fajr > dhuhr - 24 * HOUR) || (known(sunrise) && !(fajr < sunrise))) wrong.add('fajr');
  if (!(isha > dhuhr && isha < dhuhr + 24 * HOUR) || (known(maghrib) && !(isha >= maghrib))) wrong.add('isha');
  return wrong;
}
