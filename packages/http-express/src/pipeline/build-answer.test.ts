import { importQuran } from '@islamic-data/core';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { createApp, type HttpApp } from '../app.js';
import { apiRoutes } from '../routes/index.js';
import { answerBuilding, type AnswerBuilder } from './build-answer.js';

/**
 * The answers of `large` routes are built by the app's answer builder (a worker thread in the server; here the
 * same building code in this thread, counting what it is given), and answered exactly as if built in the
 * request's own turn: the same bytes and tag, a refusal in the same envelope.
 */
describe('pipeline: answers of large routes built by the answer builder', () => {
  let composition: TestComposition;
  let built: HttpApp;
  let local: HttpApp;
  let key: string;
  const asked: string[] = [];

  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory', rateLimitPerMinute: 1_000 });
    const { deps } = composition;
    await importQuran(deps, aSyntheticQuranSource({ languages: ['en'] }));
    const build = answerBuilding(apiRoutes, deps);
    const answerBuilder: AnswerBuilder = {
      build: async (route, input, viewer) => {
        asked.push(route);
        // Let concurrent misses of one answer meet before it is built.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return build(route, input, viewer);
      },
    };
    built = createApp({ ...deps, answerBuilder });
    local = createApp(deps);
    ({ key } = await composition.issueKey());
  });
  after(() => composition.close());
  beforeEach(() => (asked.length = 0));

  const get = (app: HttpApp, url: string, encoding = 'identity') =>
    request(app).get(url).set('X-API-Key', key).set('Accept-Encoding', encoding);

  it('answers a large route through the builder with the bytes and tag of an answer built in place', async () => {
    for (const url of ['/api/v1/quran/surahs/2/ayahs?translations=en', '/api/v1/translations/quran/en']) {
      const [fromBuilder, inPlace] = [await get(built, url), await get(local, url)];
      expect(fromBuilder.status).to.equal(200);
      expect(fromBuilder.text).to.equal(inPlace.text);
      expect(fromBuilder.headers.etag).to.equal(inPlace.headers.etag);
      expect(fromBuilder.headers['content-type']).to.equal(inPlace.headers['content-type']);
    }
    expect(asked).to.deep.equal(['GET /quran/surahs/{surah}/ayahs', 'GET /translations/quran/{lang}']);
  });

  it('builds one answer once for concurrent misses of it', async () => {
    const url = '/api/v1/quran/juz/1?translations=en';
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(built, url)));
    expect(answers.map(({ status }) => status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(new Set(answers.map(({ text }) => text)).size).to.equal(1);
    expect(asked).to.deep.equal(['GET /quran/juz/{n}']);
  });

  it('answers a refusal of the core made in the builder in the one envelope, with its status', async () => {
    const missing = await get(built, '/api/v1/translations/quran/xx');
    expect(missing.status).to.equal(404);
    expect(missing.body.error.code).to.equal('NOT_FOUND');
    expect(missing.body.error.message).to.equal((await get(local, '/api/v1/translations/quran/xx')).body.error.message);
  });

  it('computes small answers in place', async () => {
    expect((await get(built, '/api/v1/quran/surahs/2/ayahs/3?translations=en')).status).to.equal(200);
    expect((await get(built, '/api/v1/qibla?lat=21.4&lng=39.8')).status).to.equal(200);
    expect(asked).to.deep.equal([]);
  });
});
