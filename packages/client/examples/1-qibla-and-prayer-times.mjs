import { createIslamicDataClient } from '@islamic-data/client';

const api = createIslamicDataClient({
  baseUrl: process.env.ISLAMIC_DATA_URL ?? 'http://localhost:3000',
  apiKey: process.env.ISLAMIC_DATA_KEY,
});

const london = { lat: 51.5074, lng: -0.1278 };
const qibla = await api.get('/api/v1/qibla', { params: { query: london } });
console.log(`Qibla from London: ${qibla.bearing.toFixed(2)}°, ${Math.round(qibla.distanceKm)} km`);

const day = await api.get('/api/v1/prayer-times', {
  params: { query: { ...london, date: '2026-03-20', method: 'muslim-world-league' } },
});
console.log(`20 March 2026: Fajr ${day.timings.fajr}, Maghrib ${day.timings.maghrib}`);
