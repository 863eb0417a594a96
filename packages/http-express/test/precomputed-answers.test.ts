import { importQuran, type PrecomputedAnswers } from '@islamic-data/core';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRoutes, createApp, precomputeAnswers, type HttpApp } from '../src/index.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A download: sent from its precomputed answer until its third read, which the representation cache keeps. */
const DOWNLOAD = '/api/v1/translations/quran/en';
/**
 * Precomputed reads of the synthetic Quran (answers of 1 KB and more: smaller ones are sent uncompressed, and built),
 * all with surah 2 in them; and one read precomputed for no set of translations.
 */
const PRECOMPUTED = [
  '/api/v1/quran/surahs/2/ayahs',
  '/api/v1/quran/surahs/2/ayahs?translations=en',
  '/api/v1/quran/surahs/2/ayahs?translations=ru',
  '/api/v1/quran/juz/1',
  '/api/v1/quran/juz/1?translations=en',
  DOWNLOAD,
];
/**
 * What the write below (an English translation of 2:1) changes: not the Russian reads, nor the English download, whose
 * entries carry no text under the synthetic translator's copyright (the CLI's test sees downloads change).
 */
const AFFECTED = PRECOMPUTED.filter((path) => !path.endsWith('translations=ru') && path !== DOWNLOAD);
const NOT_PRECOMPUTED = '/api/v1/quran/surahs/2/ayahs?translations=en,ru';
const ROUTES = apiRoutes.filter((route) =>
  [
    '/quran/surahs/{surah}/ayahs',
    '/quran/juz/{n}',
    '/translations/quran/{lang}/{surah}',
    '/translations/quran/{lang}',
  ].includes(route.path),
);
const CODINGS = ['br', 'gzip', 'identity'];

interface Seen {
  status: number;
  etag: string;
  encoding: string;
  vary: string;
  length: string;
  body: Buffer;
}

async function serve(app: HttpApp): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A GET as it goes over the wire: the body as sent, not decompressed. */
function get(origin: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<Seen> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            etag: String(res.headers.etag ?? ''),
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            vary: String(res.headers.vary ?? ''),
            length: String(res.headers['content-length'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject)
      .end();
  });
}

describe('http: precomputed answers are sent as built ones would be, and never once the content changed', () => {
  let t: TestApp;
  let store: PrecomputedAnswers;
  let precomputed: { origin: string; close(): Promise<void> };
  let built: { origin: string; close(): Promise<void> };
  let key: string;
  let writer: string;
  let ayahReads = 0;
  /** The cache results of the precomputed app's requests, as its metrics count them. */
  const cacheResults: string[] = [];

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    await importQuran(t.deps, aSyntheticQuranSource({ languages: ['en', 'ru'] }));
    store = t.deps.precomputedAnswers;
    const { quran } = t.deps.stores;
    for (const read of ['listAyahs', 'listAyahRange', 'listPublishedTexts'] as const) {
      const original = quran[read].bind(quran) as (...args: unknown[]) => Promise<unknown>;
      (quran as unknown as Record<string, unknown>)[read] = (...args: unknown[]) => {
        ayahReads++;
        return original(...args);
      };
    }
    // Two apps over the same stores: one sends precomputed answers, the other builds every answer.
    const requestObserver = { onRequestFinished: ({ cache }: { cache: string }) => void cacheResults.push(cache) };
    precomputed = await serve(createApp({ ...t.deps, requestObserver }, apiRoutes));
    built = await serve(createApp({ ...t.deps, precomputedAnswers: undefined }, apiRoutes));
    key = (await t.issueKey({ scopes: ['quran'], permissions: ['read'] })).key;
    writer = (await t.issueKey({ scopes: ['quran'], permissions: ['read', 'write'] })).key;
  });
  after(async () => {
    await precomputed?.close();
    await built?.close();
    await t?.close();
  });

  const headers = (coding: string, extra: Record<string, string> = {}) => ({
    'X-API-Key': key,
    'Accept-Encoding': coding,
    ...extra,
  });

  /** Every precomputed read in every coding, from each app: equal in status, tag, coding, Vary and bytes. */
  async function expectSameAsBuilt(): Promise<Record<string, Seen>> {
    const seen: Record<string, Seen> = {};
    for (const path of PRECOMPUTED) {
      for (const coding of CODINGS) {
        const answer = await get(precomputed.origin, path, headers(coding));
        const reference = await get(built.origin, path, headers(coding));
        expect(answer.status, `${path} ${coding}`).to.equal(200);
        expect({ ...answer, body: answer.body.toString('base64') }, `${path} ${coding}`).to.deep.equal({
          ...reference,
          body: reference.body.toString('base64'),
        });
        seen[`${path} ${coding}`] = answer;
      }
    }
    return seen;
  }

  /** The ayah reads the stores answered while `action` ran. */
  async function ayahReadsOf(action: () => Promise<unknown>): Promise<number> {
    const before = ayahReads;
    await action();
    return ayahReads - before;
  }

  /**
   * The ayah reads of a fresh app over `deps` (an empty cache) while it answers every precomputed read in br, each
   * compared with the building app's answer.
   */
  async function ayahReadsOfAnotherApp(
    deps: typeof t.deps,
    compare: (path: string, answer: Seen, reference: Seen) => void,
  ): Promise<number> {
    const other = await serve(createApp(deps, apiRoutes));
    try {
      return await ayahReadsOf(async () => {
        for (const path of PRECOMPUTED)
          compare(path, await get(other.origin, path, headers('br')), await get(built.origin, path, headers('br')));
      });
    } finally {
      await other.close();
    }
  }

  it('keeps the answers of the precomputed paths, and computes nothing again while nothing changed', async () => {
    const first = await precomputeAnswers(t.deps, ROUTES);
    expect(first.computed).to.be.at.least(PRECOMPUTED.length);
    expect(first.current).to.equal(0);
    expect(first.bytes).to.be.greaterThan(0);
    expect(await store.size()).to.deep.equal({ answers: first.computed * 2, bytes: first.bytes });
    const again = await precomputeAnswers(t.deps, ROUTES);
    expect(again).to.deep.equal({ computed: 0, current: first.computed, skipped: first.skipped, bytes: 0 });
  });

  it('sends them with the bytes, tags and headers a built answer has, reading no ayah', async () => {
    cacheResults.length = 0;
    const fromStore = await ayahReadsOf(async () => {
      for (const path of PRECOMPUTED)
        for (const coding of CODINGS)
          expect((await get(precomputed.origin, path, headers(coding))).status).to.equal(200);
    });
    expect(fromStore, 'ayah reads of precomputed answers').to.equal(0);
    // The first request of each read was sent from its precomputed answer, the others from the cache; the
    // download's first three (then it is kept).
    expect(cacheResults).to.deep.equal(
      PRECOMPUTED.flatMap((path) => (path === DOWNLOAD ? Array(3).fill('precomputed') : ['precomputed', 'hit', 'hit'])),
    );
    cacheResults.length = 0;
    await get(precomputed.origin, DOWNLOAD, headers('br'));
    expect(cacheResults).to.deep.equal(['hit']);
    await expectSameAsBuilt();
    const other = await ayahReadsOf(() => get(precomputed.origin, NOT_PRECOMPUTED, headers('br')));
    expect(other, 'a set of translations not precomputed is built').to.be.greaterThan(0);
  });

  it('is not sent by other code (an upgrade), which computes them again', async () => {
    const upgraded = { ...t.deps, answersFormat: 'Test another build' };
    const reads = await ayahReadsOfAnotherApp(upgraded, (path, answer, reference) =>
      expect(answer.etag, path).to.equal(reference.etag),
    );
    expect(reads, 'each read built').to.equal(PRECOMPUTED.length);
    const recomputed = await precomputeAnswers(upgraded, ROUTES);
    expect(recomputed.current).to.equal(0);
    expect(recomputed.computed).to.be.at.least(PRECOMPUTED.length);
    // Back to this build's answers for the tests below.
    expect((await precomputeAnswers(t.deps, ROUTES)).current).to.equal(0);
  });

  it('answers HEAD and If-None-Match as a built answer does', async () => {
    for (const coding of CODINGS) {
      const path = PRECOMPUTED[1]!;
      const head = await get(precomputed.origin, path, headers(coding), 'HEAD');
      const reference = await get(built.origin, path, headers(coding), 'HEAD');
      expect(head).to.deep.equal(reference);
      const again = await get(precomputed.origin, path, headers(coding, { 'If-None-Match': head.etag }));
      expect(again.status, `${coding}: 304 for its tag`).to.equal(304);
    }
  });

  it('is not sent once a write changed the content, until it is precomputed again', async () => {
    const before = await expectSameAsBuilt();
    const written = await fetch(`${precomputed.origin}/api/v1/quran/surahs/2/ayahs/1/translations/en`, {
      method: 'PUT',
      headers: { 'X-API-Key': writer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Test precomputed write 2:1' }),
    });
    expect(written.status).to.equal(200);
    for (const path of AFFECTED) {
      for (const coding of CODINGS) {
        const was = before[`${path} ${coding}`]!;
        const now = await get(precomputed.origin, path, headers(coding, { 'If-None-Match': was.etag }));
        expect(now.status, `${path} ${coding}: no 304 for the old tag`).to.equal(200);
        expect(now.etag, `${path} ${coding}`).not.to.equal(was.etag);
      }
    }
    await expectSameAsBuilt();
    const rebuilt = await precomputeAnswers(t.deps, ROUTES);
    expect(rebuilt.computed).to.be.at.least(PRECOMPUTED.length);
    // A fresh app (an empty cache) sends the new precomputed answers, reading no ayah.
    const reads = await ayahReadsOfAnotherApp(t.deps, (path, answer, reference) => {
      expect(answer.etag, path).to.equal(reference.etag);
      expect(answer.body.equals(reference.body), path).to.equal(true);
    });
    expect(reads).to.equal(0);
  });
});
