import { createIslamicDataClient } from '@islamic-data/client';

const api = createIslamicDataClient({ baseUrl: process.env.ISLAMIC_DATA_URL, apiKey: process.env.ISLAMIC_DATA_KEY });

// A text answer comes back as text: a month of prayer times as an iCalendar feed.
const feed = await api.get('/api/v1/prayer-times/calendar.ics', {
  params: { query: { lat: 21.4225, lng: 39.8262, year: 2026, month: 3 } },
});
console.log(feed.split('\r\n')[0], `${feed.split('BEGIN:VEVENT').length - 1} events`); // 5 prayers × 31 days

// A write (a key with the permission `write`): tag an ayah; the answer is the ayah as stored.
const tagged = await api.patch('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', {
  params: { path: { surah: 2, ayah: 255 } },
  body: { tags: ['ayat-al-kursi'] },
});
console.log(`2:255 tags: ${tagged.tags.join(', ')}`);
