// Child process of quran.bench: serves the real app over a database that already holds the Quran,
// and bare Express 5 routes (with the same compression middleware) that send the same payloads
// precomputed. Reports its ports and a read key on stdout; answers any IPC message with its memory.
import { downloadQuranEdition, getAyah, listSurahAyahs } from '@islamic-data/core';
import { createApp } from '@islamic-data/http-express';
import compression from 'compression';
import express from 'express';
import { benchServices, listen } from './bench-child.js';

const { deps, key } = await benchServices();

const payloads = {
  '/bare/surah-2': await listSurahAyahs(deps.stores, 2, { viewer: null }),
  '/bare/ayah-2-255': await getAyah(deps.stores, 2, 255, { viewer: null }),
  '/bare/download-ar': await downloadQuranEdition(deps.stores, 'ar'),
};
const bare = express();
bare.use(compression());
for (const [path, data] of Object.entries(payloads)) bare.get(path, (_req, res) => res.json({ data }));

const appPort = await listen(createApp(deps));
const barePort = await listen(bare);
process.on('message', () => {
  const memory = process.memoryUsage();
  process.send!({ peakRssKb: process.resourceUsage().maxRSS, rss: memory.rss, heapUsed: memory.heapUsed });
});
process.stdout.write(
  JSON.stringify({ app: `http://127.0.0.1:${appPort}`, bare: `http://127.0.0.1:${barePort}`, key }) + '\n',
);
process.on('SIGTERM', () => process.exit(0));
