import { errorOf, SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DownloadError, downloadVerified, openByteSource, readHadithJson, type RetryPolicy } from '../src/index.js';
import { fetchText } from '../src/hadith/hadith-json-http.js';

const FAST_RETRY: RetryPolicy = { attempts: 2, timeoutMs: 10_000, backoffMs: 20 };
const MiB = 1024 * 1024;

interface Mirror {
  url: string;
  requests: string[];
  /** Bytes each answer wrote before its connection closed, by request. */
  sent: number[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 answering every request with `answer`. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse, sent: (n: number) => void) => void) {
  const requests: string[] = [];
  const sent: number[] = [];
  const server = createServer((req, res) => {
    const index = requests.push(req.url ?? '/') - 1;
    sent[index] = 0;
    answer(req, res, (n) => (sent[index]! += n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const mirror: Mirror = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return mirror;
}

/** A body that never ends: 64 KiB chunks as fast as the client takes them, until it hangs up. */
const endless =
  (headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse, sent: (n: number) => void) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', ...headers });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const write = () => {
      while (!res.destroyed && res.write(chunk)) sent(chunk.length);
      if (!res.destroyed) res.once('drain', write);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    write();
  };

/** Issue 26, point 9: imports read their inputs as streams, within a size, and stop where the manifest does. */
describe('sources: bounded downloads from real local HTTP mirrors', function () {
  this.timeout(30_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-bounded-'));
  const mirrors: Mirror[] = [];
  const started = async (answer: Parameters<typeof serve>[0]) => {
    const mirror = await serve(answer);
    mirrors.push(mirror);
    return mirror;
  };
  after(async () => {
    await Promise.all(mirrors.map((mirror) => mirror.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('downloadVerified refuses a body past the manifest size as it streams, storing nothing', async () => {
    const mirror = await started(endless());
    const destination = path.join(dir, 'endless', 'file.json');
    const expected = { size: 100_000, sha256: '0'.repeat(64), name: 'test/file.json' };
    const error = await errorOf(downloadVerified(`${mirror.url}/file.json`, destination, expected, FAST_RETRY));
    expect(error).to.be.instanceOf(DownloadError);
    expect(error).to.include({ kind: 'mismatch' });
    expect(error.message).to.include('more than 100000 bytes');
    expect(mirror.requests).to.have.length(1); // a mismatch is not retried
    expect(mirror.sent[0]).to.be.below(16 * MiB); // what sockets buffer, not the body
    expect(existsSync(destination)).to.equal(false);
    expect(readdirSync(path.dirname(destination))).to.deep.equal([]);
  });

  it('downloadVerified refuses an announced length other than the manifest size before reading the body', async () => {
    const mirror = await started(endless({ 'Content-Length': String(10 * 1024 * MiB) }));
    const destination = path.join(dir, 'announced', 'file.json');
    const expected = { size: 100_000, sha256: '0'.repeat(64), name: 'test/file.json' };
    const error = await errorOf(downloadVerified(`${mirror.url}/file.json`, destination, expected, FAST_RETRY));
    expect(error).to.include({ kind: 'mismatch' });
    expect(error.message).to.include(`announced as ${10 * 1024 * MiB} bytes`);
    expect(existsSync(destination)).to.equal(false);
  });

  it('downloadVerified refuses bytes of the right size with another SHA-256, and stores the right ones', async () => {
    const good = Buffer.from('{"test": "synthetic file"}\n');
    const bad = Buffer.from('{"test": "synthetic fil3"}\n');
    let body = bad;
    const mirror = await started((_req, res) => res.writeHead(200).end(body));
    const destination = path.join(dir, 'hash', 'file.json');
    const expected = { size: good.length, sha256: createHash('sha256').update(good).digest('hex'), name: 'f.json' };
    const error = await errorOf(downloadVerified(`${mirror.url}/f.json`, destination, expected, FAST_RETRY));
    expect(error).to.include({ kind: 'mismatch' });
    expect(error.message).to.include(createHash('sha256').update(bad).digest('hex'));
    expect(existsSync(destination)).to.equal(false);
    expect(readdirSync(path.dirname(destination))).to.deep.equal([]);
    body = good;
    await downloadVerified(`${mirror.url}/f.json`, destination, expected, FAST_RETRY);
    expect(await readFile(destination)).to.deep.equal(good);
  });

  it('fetchText and openByteSource stop an endless body at their cap', async () => {
    const mirror = await started(endless());
    const error = await errorOf(fetchText(`${mirror.url}/1.json`, MiB));
    expect(error.message).to.include(`larger than ${MiB} bytes`);
    const source = await openByteSource(`${mirror.url}/quran.xml`, MiB);
    const streamed = (async () => {
      for await (const chunk of source.chunks) void chunk;
    })();
    expect((await errorOf(streamed)).message).to.include(`larger than ${MiB} bytes`);
    expect(mirror.sent.every((bytes) => bytes < 16 * MiB)).to.equal(true);

    const announced = await started(endless({ 'Content-Length': String(100 * MiB) }));
    expect((await errorOf(openByteSource(`${announced.url}/x.xml`, MiB))).message).to.include('larger than');
  });

  it('a mirror answering 200 to every path cannot keep the chapter walk going past the pinned files', async () => {
    const folder = path.join(SHARED_DATA_DIR, 'hadith-json');
    const stand = await readFile(path.join(folder, 'db/by_chapter/the_9_books/malik/1.json'));
    const mirror = await started(async (req, res) => {
      const file = path.join(folder, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
      const found = file.startsWith(folder) && (await stat(file).catch(() => undefined))?.isFile();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(found ? await readFile(file) : stand);
    });
    const fromMirror = [];
    for await (const collection of readHadithJson(mirror.url, ['malik'])) fromMirror.push(collection);
    const fromFolder = [];
    for await (const collection of readHadithJson(folder, ['malik'])) fromFolder.push(collection);
    const pinned = readdirSync(path.join(folder, 'db/by_chapter/the_9_books/malik')).length;
    expect(mirror.requests.length).to.be.at.most(pinned);
    expect(fromMirror[0]!.hadiths.length).to.equal(fromFolder[0]!.hadiths.length);
  });
});
