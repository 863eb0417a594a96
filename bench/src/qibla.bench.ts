// Throughput of GET /api/v1/qibla through the whole platform (key lookup, rate limit, validation,
// envelope, ETag, compression) as a ratio to a bare Express 5 route in the same run.
// Run: npm run bench:qibla   (after npm run setup)
import { compareToBare, startBenchServers } from './measure.js';

const targets = await startBenchServers();
try {
  await compareToBare(targets, {
    'GET /api/v1/qibla?lat=40.7128&lng=-74.0060': '/api/v1/qibla?lat=40.7128&lng=-74.0060',
  });
} finally {
  targets.stop();
}
