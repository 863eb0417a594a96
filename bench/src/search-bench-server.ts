// Child process of search.bench: serves the real app over a database that already holds the Quran,
// and a bare Express 5 route per scenario that sends the bytes the app answered for it, captured
// once (the first, uncached answer, timed). Reports its ports, a read key, the scenarios and those
// times on stdout.
import { createApp } from '@islamic-data/http-express';
import { loadQuranJson } from '@islamic-data/sources';
import compression from 'compression';
import express from 'express';
import { searchScenarios } from './search-scenarios.js';
import { benchServices, listen } from './bench-child.js';

const { deps, key } = await benchServices();
const app = `http://127.0.0.1:${await listen(createApp(deps))}`;

const scenarios = searchScenarios(await loadQuranJson());
const bare = express();
bare.use(compression());
const firstAnswerMs: number[] = [];
for (const [i, scenario] of scenarios.entries()) {
  const started = performance.now();
  const response = await fetch(app + scenario.path, { headers: { 'X-API-Key': key } });
  if (!response.ok) throw new Error(`${scenario.path}: ${response.status} ${await response.text()}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  firstAnswerMs.push(performance.now() - started);
  bare.get(`/bare/${i}`, (_req, res) => res.type('application/json').send(bytes));
}
const barePort = await listen(bare);
process.stdout.write(
  JSON.stringify({ app, bare: `http://127.0.0.1:${barePort}`, key, scenarios, firstAnswerMs }) + '\n',
);
process.on('SIGTERM', () => process.exit(0));
