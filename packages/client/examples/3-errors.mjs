import { ApiError, createIslamicDataClient } from '@islamic-data/client';

const api = createIslamicDataClient({ baseUrl: process.env.ISLAMIC_DATA_URL, apiKey: process.env.ISLAMIC_DATA_KEY });

try {
  await api.get('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', { params: { path: { surah: 1, ayah: 99 } } });
} catch (error) {
  if (!(error instanceof ApiError)) throw error; // a network failure or an abort
  // code: NOT_FOUND, VALIDATION_ERROR, INVALID_API_KEY, RATE_LIMITED…; quote requestId in a bug report.
  console.log(`${error.status} ${error.code}: ${error.message} (request ${error.requestId})`);
  console.log(`requests left this minute: ${error.rateLimit.remaining} of ${error.rateLimit.limit}`);
}
