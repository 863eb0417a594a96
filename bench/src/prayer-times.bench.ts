// Throughput of GET /api/v1/prayer-times (one day) and /api/v1/prayer-times/calendar (a 30-day month)
// through the whole platform (key lookup, rate limit, validation, envelope, ETag, compression), as
// ratios to a bare Express 5 route in the same run.
// Run: npm run bench:prayer-times   (after npm run setup)
import { compareToBare, startBenchServers } from './measure.js';

const LONDON = 'lat=51.5074&lng=-0.1278';
const MAKKAH = 'lat=21.4225&lng=39.8262';

const targets = await startBenchServers();
try {
  await compareToBare(targets, {
    'GET /prayer-times (London, date, zone derived from the point)': `/api/v1/prayer-times?${LONDON}&date=2026-06-15`,
    'GET /prayer-times (Makkah, umm-al-qura, timezone given, adjustments)':
      `/api/v1/prayer-times?${MAKKAH}&date=2026-11-22&method=umm-al-qura` +
      `&timezone=Asia/Riyadh&adjustments=fajr:2,isha:-1`,
    'GET /prayer-times/calendar (London, 30 days)': `/api/v1/prayer-times/calendar?${LONDON}&year=2026&month=6`,
  });
} finally {
  targets.stop();
}
