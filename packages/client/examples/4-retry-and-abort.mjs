import { createIslamicDataClient } from '@islamic-data/client';

// On a 429, wait Retry-After and try again (twice at most); on a 503, the same for GET, PUT and DELETE.
const api = createIslamicDataClient({
  baseUrl: process.env.ISLAMIC_DATA_URL,
  apiKey: process.env.ISLAMIC_DATA_KEY,
  retry: { attempts: 2, maxDelaySeconds: 30 },
});

// Any call takes an AbortSignal: here, give up after five seconds, waits included.
const page = await api.get('/api/v1/hadith/collections/{id}/hadiths', {
  params: { path: { id: process.env.COLLECTION ?? 'bukhari' }, query: { limit: 2 } },
  signal: AbortSignal.timeout(5000),
});
console.log(`${page.items[0].reference.citation}; the next page starts after ${page.nextStartAfter}`);
