import { createIslamicDataClient } from '@islamic-data/client';

const api = createIslamicDataClient({ baseUrl: process.env.ISLAMIC_DATA_URL, apiKey: process.env.ISLAMIC_DATA_KEY });

// One ayah with its English translation, then every ayah of a surah.
const ayah = await api.get('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', {
  params: { path: { surah: 1, ayah: 1 }, query: { translations: 'en' } },
});
console.log(ayah.key, ayah.text_ar, '|', ayah.translations.en);

const surah = await api.get('/api/v1/quran/surahs/{surah}/ayahs', { params: { path: { surah: 112 } } });
console.log(`Surah 112 has ${surah.length} ayahs`);
