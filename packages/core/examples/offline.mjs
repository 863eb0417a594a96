// Prayer times, Qibla and Hijri with no server and no database: `node examples/offline.mjs`.
import { prayerCalendar, prayerTimes, qibla, toGregorian, toHijri } from '@islamic-data/core';

// One day in Istanbul with the Turkish Diyanet method; the time zone comes from the coordinates.
const day = prayerTimes({ lat: 41.0082, lng: 28.9784, date: '2026-03-20', method: 'turkey' });
console.log(day.location.timezone, day.timings);

// A month's timetable in London (Moonsighting Committee, Hanafi Asr, the "general" shafaq).
const march = prayerCalendar({
  lat: 51.5074,
  lng: -0.1278,
  year: 2026,
  month: 3,
  method: 'moonsighting-committee',
  madhab: 'hanafi',
});
console.log(march.length, 'days; 1 March Fajr', march[0].timings.fajr);

console.log('Qibla from New York', qibla({ lat: 40.7128, lng: -74.006 }));
console.log(toHijri('2026-03-20').hijri.date, '=', toGregorian('1447-10-01').gregorian.date);
