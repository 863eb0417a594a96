import { importQuran } from '@islamic-data/core';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { createApp, type HttpApp } from '../app.js';
import { apiRoutes } from '../routes/index.js';
import { getOnTheWire } from '../../test/http-client.js';
import { answerBuilding, type AnswerBuilder, type BuiltAnswer } from './build-answer.js';

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
  const answered: BuiltAnswer[] = [];

  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory', rateLimitPerMinute: 1_000 });
    const { deps } = composition;
    await importQuran(deps, aSyntheticQuranSource({ languages: ['en'] }));
    const build = answerBuilding(apiRoutes, deps);
    const answerBuilder: AnswerBuilder = {
      build: async (route, input, viewer, acceptEncoding, storeAt) => {
        asked.push(route);
        // Let concurrent misses of one answer meet before it is built.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const answer = await build(route, input, viewer, acceptEncoding, storeAt);
        answered.push(answer);
        return answer;
      },
    };
    built = createApp({ ...deps, answerBuilder });
    local = createApp(deps);
    ({ key } = await composition.issueKey());
  });
  after(() => composition.close());
  beforeEach(() => {
    asked.length = 0;
    answered.length = 0;
  });

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

  it('sends the variant the builder made in the coding the request prefers, as an answer built in place', async () => {
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    const cases = [
      ['/api/v1/quran/surahs/2/ayahs', 'gzip, br', 'br'],
      ['/api/v1/quran/juz/1', 'gzip', 'gzip'],
    ] as const;
    for (const [url, acceptEncoding, coding] of cases) {
      const [fromBuilder, inPlace] = [
        await onTheWire(built, url, acceptEncoding),
        await onTheWire(local, url, acceptEncoding),
      ];
      const made = answered.at(-1)!;
      expect('variant' in made && made.variant?.coding).to.equal(coding);
      expect(fromBuilder.headers['content-encoding']).to.equal(coding);
      expect(fromBuilder.headers.etag)
        .to.equal(inPlace.headers.etag)
        .and.to.match(new RegExp(`-${coding}"$`));
      expect(decode[coding](fromBuilder.body).equals(decode[coding](inPlace.body))).to.equal(true);
    }
  });

  /** A GET over a socket, as sent: no decompression. */
  const onTheWire = (app: HttpApp, url: string, acceptEncoding: string) =>
    getOnTheWire(app, url, { 'X-API-Key': key, 'Accept-Encoding': acceptEncoding });

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
