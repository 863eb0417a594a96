import {
  createApiKey,
  createInMemoryStores,
  inMemoryHealthProbe,
  InMemoryRateLimiter,
  QuranNavigator,
  systemClock,
} from '@islamic-data/core';
import { expect } from 'chai';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type AppDependencies } from '../src/index.js';

/** The app needs core's ports only: here every one of them is core's in-memory adapter. */
describe('http: the app over core in-memory adapters', () => {
  const { stores, unitOfWork, contentVersions } = createInMemoryStores();
  const deps: AppDependencies = {
    clock: systemClock,
    stores,
    unitOfWork,
    rateLimiter: new InMemoryRateLimiter({ limit: 100, windowMs: 60_000 }),
    health: inMemoryHealthProbe,
    contentVersions,
    logger: pino({ level: 'silent' }),
    trustProxy: false,
    // No Quran is stored here: an empty layout.
    quranNavigator: new QuranNavigator({
      surahAyahCounts: [],
      starts: { juz: [], page: [], hizbQuarter: [], ruku: [], manzil: [] },
      sajdas: [],
    }),
  };
  const app = createApp(deps);

  it('answers /health with {status: "ok"} from the health probe', async () => {
    const response = await request(app).get('/health');
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ status: 'ok' });
  });

  it('serves a keyed route with a key issued into the in-memory key store', async () => {
    const { key } = await createApiKey(deps, { name: 'Test key', scopes: ['qibla'], permissions: ['read'] });
    const response = await request(app).get('/api/v1/qibla?lat=40.7128&lng=-74.0060').set('X-API-Key', key);
    expect(response.status).to.equal(200);
    expect(response.body.data.bearing).to.be.closeTo(58.48, 0.1);
    expect(response.headers['x-ratelimit-remaining']).to.equal('99');
  });
});
