import { importQuran } from '@islamic-data/core';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { createApp, type HttpApp } from '../app.js';
import { entityTag, STORE_FROM_BYTES } from '../platform/representation.js';
import { apiRoutes } from '../routes/index.js';
import { getOnTheWire } from '../../test/http-client.js';
import { answerBuilding, buildAnswer, type AnswerBuilder, type BuiltAnswer } from './build-answer.js';

/**
 * The answers of `large` routes are built by the app's answer builder (a worker thread in the server; here the
 * same building code in this thread, counting what it is given), and answered exactly as if built in the
 * request's own turn: the same bytes and tag, a refusal in the same envelope.
 */
describe('pipeline: answers of large routes built by the answer builder', () => {
  let composition: TestComposition;
  let built: HttpApp;
  let local: HttpApp;
  let answerBuilder: AnswerBuilder;
  let key: string;
  const asked: string[] = [];
  const answered: BuiltAnswer[] = [];
  const filesDir = mkdtempSync(path.join(tmpdir(), 'build-answer-'));

  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory', rateLimitPerMinute: 1_000 });
    const { deps } = composition;
    // The first four surahs whole: the download of English is larger than a body kept in memory.
    await importQuran(deps, aSyntheticQuranSource({ counts: [7, 286, 200, 176], languages: ['en'] }));
    const build = answerBuilding(apiRoutes, deps);
    answerBuilder = {
      build: async (route, input, viewer, acceptEncoding, storeAt) => {
        asked.push(route);
        // Let concurrent misses of one answer meet before it is built.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const answer = await build(route, input, viewer, acceptEncoding, storeAt);
        answered.push(answer);
        return answer;
      },
    };
    built = createApp({ ...deps, answerBuilder, representationDir: filesDir });
    local = createApp(deps);
    ({ key } = await composition.issueKey());
  });
  after(() => {
    rmSync(filesDir, { recursive: true, force: true });
    return composition.close();
  });
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

  describe('a download (a whole dataset) to be kept in files', () => {
    const DOWNLOAD = 'GET /translations/quran/{lang}';
    const input = { params: { lang: 'en' }, query: {}, body: undefined };
    const inPlace = async () => {
      const answer = await buildAnswer(
        apiRoutes.find((route) => route.path === '/translations/quran/{lang}')!,
        input,
        null,
        composition.deps,
      );
      return Buffer.from((answer as { body: Uint8Array }).body);
    };

    it('is written straight to its file: the bytes and tag of the body built in memory, no body beside', async () => {
      const file = path.join(filesDir, 'direct');
      const answer = await answerBuilding(apiRoutes, composition.deps)(DOWNLOAD, input, null, 'gzip, br', file);
      expect(answer).to.have.property('filed');
      expect(answer).not.to.have.property('body');
      const { filed } = answer as Extract<BuiltAnswer, { filed: unknown }>;
      const body = await inPlace();
      expect(readFileSync(file).equals(body)).to.equal(true);
      expect(filed).to.deep.equal({ file, length: body.length, etag: entityTag(body) });
    });

    it('is built in memory, with its variant, when its file cannot be written', async () => {
      const nowhere = path.join(filesDir, 'no-such-folder', 'file');
      const answer = await answerBuilding(apiRoutes, composition.deps)(DOWNLOAD, input, null, 'gzip, br', nowhere);
      expect(answer).not.to.have.property('filed');
      const { body, variant, file } = answer as Extract<BuiltAnswer, { body: unknown }>;
      expect(Buffer.from(body).equals(await inPlace())).to.equal(true);
      expect(variant?.coding).to.equal('br');
      expect(file).to.equal(undefined);
    });

    it('is answered from its file with the bytes and tags of an answer built in place, each coding', async () => {
      const url = '/api/v1/translations/quran/en';
      // An app of its own, with its own files: the answer is not in its cache yet.
      const freshDir = mkdtempSync(path.join(tmpdir(), 'build-answer-fresh-'));
      const fresh = createApp({ ...composition.deps, answerBuilder, representationDir: freshDir });
      const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (bytes: Buffer) => bytes };
      for (const [acceptEncoding, coding] of [
        ['gzip, br', 'br'],
        ['identity', 'identity'],
        ['gzip', 'gzip'],
      ] as const) {
        const [fromFile, fromMemory] = [
          await onTheWire(fresh, url, acceptEncoding),
          await onTheWire(local, url, acceptEncoding),
        ];
        expect(fromFile.headers.etag).to.equal(fromMemory.headers.etag);
        expect(fromFile.headers['content-encoding']).to.equal(coding === 'identity' ? undefined : coding);
        expect(decode[coding](fromFile.body).equals(decode[coding](fromMemory.body))).to.equal(true);
      }
      // Built once, written to its file, never sent as a body by the builder, and sent from that file.
      expect(asked).to.deep.equal([DOWNLOAD]);
      expect(answered).to.have.length(1);
      const { filed } = answered[0] as Extract<BuiltAnswer, { filed: unknown }>;
      expect(filed.length).to.be.at.least(STORE_FROM_BYTES);
      expect(readFileSync(filed.file).equals(await inPlace())).to.equal(true);
      expect(filed.file.startsWith(freshDir)).to.equal(true);
      rmSync(freshDir, { recursive: true, force: true });
    });

    it('leaves no part of a body in its file when its build fails', async () => {
      const written: string[] = [];
      const failing: AnswerBuilder = {
        build: async (_route, _input, _key, _coding, storeAt) => {
          writeFileSync(storeAt!, 'Test part of a body');
          written.push(storeAt!);
          throw new Error('The answer worker ran out of heap.');
        },
      };
      const left = await filesLeftAfter(async (dir) => {
        const app = createApp({ ...composition.deps, answerBuilder: failing, representationDir: dir });
        expect((await get(app, '/api/v1/translations/quran/en')).status).to.equal(500);
      });
      expect(written).to.have.length(1);
      expect(left).to.deep.equal([]);
    });

    it('is read back into memory when it is not kept in files after all, and its file removed', async () => {
      const url = '/api/v1/translations/quran/en';
      const left = await filesLeftAfter(async (dir) => {
        // Files of one byte at most: the cache keeps no answer in files.
        const unkept = createApp({
          ...composition.deps,
          answerBuilder,
          representationDir: dir,
          representationStoredBytes: 1,
        });
        for (const acceptEncoding of ['gzip, br', 'identity']) {
          const [fromMemory, inPlace] = [
            await onTheWire(unkept, url, acceptEncoding),
            await onTheWire(local, url, acceptEncoding),
          ];
          expect(fromMemory.headers.etag).to.equal(inPlace.headers.etag);
          expect(fromMemory.body.equals(inPlace.body)).to.equal(true);
        }
      });
      expect(answered).to.have.length(1);
      expect(answered[0]).to.have.property('filed');
      expect(left).to.deep.equal([]);
    });

    /** The names of the files an app left in a folder of its own (`use` makes the app there) once it is done. */
    async function filesLeftAfter(use: (dir: string) => Promise<void>): Promise<string[]> {
      const dir = mkdtempSync(path.join(tmpdir(), 'build-answer-'));
      try {
        await use(dir);
        await new Promise((resolve) => setTimeout(resolve, 50)); // files are removed asynchronously
        const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
        return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('keeps a large answer in files from its second miss: the first is sent as built and written nowhere', async () => {
    const own = await composeTestDependencies({ engine: 'in-memory', rateLimitPerMinute: 1_000 });
    await importQuran(own.deps, aSyntheticQuranSource({ counts: [7, 286], languages: ['en', 'ru', 'tr'] }));
    const build = answerBuilding(apiRoutes, own.deps);
    const builds: string[] = [];
    const counting: AnswerBuilder = { build: (route, ...rest) => (builds.push(route), build(route, ...rest)) };
    const dir = mkdtempSync(path.join(tmpdir(), 'build-answer-second-'));
    const app = createApp({ ...own.deps, answerBuilder: counting, representationDir: dir });
    const files = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const { key: ownKey } = await own.issueKey();
    const get = () => request(app).get('/api/v1/quran/surahs/2/ayahs?translations=en,ru,tr').set('X-API-Key', ownKey);
    try {
      const first = await get();
      expect(first.status).to.equal(200);
      expect(Buffer.byteLength(first.text)).to.be.at.least(STORE_FROM_BYTES);
      expect(files()).to.have.length(0);
      const second = await get();
      expect(files()).to.have.length(1);
      const third = await get();
      for (const again of [second, third]) {
        expect(again.text).to.equal(first.text);
        expect(again.headers.etag).to.equal(first.headers.etag);
      }
      // Built at each of its two misses, then answered from its file.
      expect(builds).to.deep.equal(['GET /quran/surahs/{surah}/ayahs', 'GET /quran/surahs/{surah}/ayahs']);
      expect((await get().set('If-None-Match', first.headers.etag!)).status).to.equal(304);
      expect(builds).to.have.length(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await own.close();
    }
  });

  it('computes small answers in place', async () => {
    expect((await get(built, '/api/v1/quran/surahs/2/ayahs/3?translations=en')).status).to.equal(200);
    expect((await get(built, '/api/v1/qibla?lat=21.4&lng=39.8')).status).to.equal(200);
    expect(asked).to.deep.equal([]);
  });
});
