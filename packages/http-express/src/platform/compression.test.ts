import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, compressSync } from './compression.js';
import { entityTag, Representation, type KeptRepresentation } from './representation.js';
import { RepresentationFiles, StoredRepresentation } from './stored-representation.js';
import { getOnTheWire } from '../../test/http-client.js';

/** A JSON answer of about `bytes` bytes, in Arabic and English like the API's. */
function anAnswerBody(bytes: number): Buffer {
  const items: unknown[] = [];
  let length = 0;
  for (let n = 1; length < bytes; n++) {
    const item = {
      number: n,
      text_ar: 'بسم الله الرحمن الرحيم '.repeat(1 + (n % 3)),
      text_en: `In the name of God ${n}`,
    };
    items.push(item);
    length += JSON.stringify(item).length + 1;
  }
  return Buffer.from(JSON.stringify({ data: items }));
}

const decode = (coding: string | undefined, bytes: Buffer) =>
  coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;

/** One GET of a kept representation over a real socket, without decompression. */
const fetchOnce = (kept: KeptRepresentation, acceptEncoding: string | null) =>
  getOnTheWire((req, res) => void kept.send(req, res, 'no-cache'), '/', {
    ...(acceptEncoding !== null && { 'Accept-Encoding': acceptEncoding }),
  });

// Around each threshold: compressed in place (≤ 8 KiB), in the threadpool, kept in files (≥ 64 KiB), and a
// large download.
const SIZES = [1_500, 8 * 1024, 8 * 1024 + 1, 33_000, 64 * 1024, 400_000, 3_000_000];

/** What a client accepts, and the coding it is sent. */
const CODINGS: [string | null, string | undefined][] = [
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['gzip, br', 'br'],
  [null, undefined],
];

describe('http: compressed answers', () => {
  for (const size of SIZES) {
    it(`decodes every coding of a ${size}-byte body to the body itself, smaller than it`, async () => {
      const body = anAnswerBody(size);
      for (const coding of ['br', 'gzip'] as const) {
        const compressed = await compress(coding, body);
        expect(decode(coding, compressed).equals(body), coding).to.equal(true);
        expect(compressed.length, coding).to.be.below(body.length / 2);
        // Its own bytes, not a view of zlib's larger output buffer: the cache counts what it holds.
        expect(compressed.buffer.byteLength, coding).to.equal(compressed.length);
      }
    });
  }

  it('sends every coding of a small and a large answer, from memory and from files, as the body it names', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-compression-'));
    try {
      const files = RepresentationFiles.open(dir);
      for (const body of [anAnswerBody(2_000), anAnswerBody(300_000)]) {
        const headers = { 'Content-Type': 'application/json; charset=utf-8' };
        const stored = new StoredRepresentation(files, body, headers);
        const kept: KeptRepresentation[] = [new Representation(body, headers), stored];
        for (const representation of kept) {
          // Twice each: the first makes the variant, the second sends the one kept (a stored one from its file).
          for (const round of [1, 2]) {
            await stored.written;
            for (const [acceptEncoding, expected] of CODINGS) {
              const { headers: sent, body: bytes } = await fetchOnce(representation, acceptEncoding);
              const coding = sent['content-encoding'];
              expect(coding, `${acceptEncoding}`).to.equal(expected);
              expect(Number(sent['content-length']), `round ${round}`).to.equal(bytes.length);
              expect(decode(coding, bytes).equals(body), `${acceptEncoding} round ${round}`).to.equal(true);
            }
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets a small identity body go once a variant is made, and sends it still, GET and HEAD, from that', async () => {
    // Below 64 KiB the identity body is let go; above, it is kept whole (decompressing it per request costs too much).
    for (const [body, kept] of [
      [anAnswerBody(30_000), 0],
      [anAnswerBody(200_000), 1],
    ] as const) {
      const headers = { 'Content-Type': 'application/json; charset=utf-8' };
      const br = compressSync('br', body);
      const representation = new Representation(body, headers, {
        etag: entityTag(body),
        variant: { coding: 'br', bytes: br },
      });
      expect(representation.size, 'what is held').to.equal(br.length + kept * body.length);
      const send = (req: IncomingMessage, res: ServerResponse) => void representation.send(req, res, 'no-cache');
      const plain = await getOnTheWire(send, '/', {});
      expect(plain.headers['content-encoding']).to.equal(undefined);
      expect(plain.headers.etag).to.equal(`"${entityTag(body)}"`);
      expect(plain.body.equals(body)).to.equal(true);
      const head = await getOnTheWire(send, '/', {}, 'HEAD');
      expect(Number(head.headers['content-length'])).to.equal(body.length);
      expect(head.body.length).to.equal(0);
      const gzip = await getOnTheWire(send, '/', { 'Accept-Encoding': 'gzip' });
      expect(gunzipSync(gzip.body).equals(body)).to.equal(true);
      expect(representation.size, 'and the gzip variant').to.equal(br.length + gzip.body.length + kept * body.length);
    }
  });

  it('answers identity and gzip asked for while its first variant is being made, from the body', async () => {
    const body = anAnswerBody(30_000);
    const representation = new Representation(body, { 'Content-Type': 'application/json; charset=utf-8' });
    const send = (req: IncomingMessage, res: ServerResponse) => void representation.send(req, res, 'no-cache');
    const [br, plain, gzip] = await Promise.all([
      getOnTheWire(send, '/', { 'Accept-Encoding': 'br' }),
      getOnTheWire(send, '/', {}),
      getOnTheWire(send, '/', { 'Accept-Encoding': 'gzip' }),
    ]);
    expect(brotliDecompressSync(br.body).equals(body)).to.equal(true);
    expect(plain.body.equals(body)).to.equal(true);
    expect(gunzipSync(gzip.body).equals(body)).to.equal(true);
    expect(representation.size).to.equal(br.body.length + gzip.body.length);
    expect((await getOnTheWire(send, '/', {})).body.equals(body), 'identity, from a variant').to.equal(true);
  });

  it('sends the variant made beside a body (by the answer worker) as the body it names, with its tag', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-compression-'));
    try {
      const files = RepresentationFiles.open(dir);
      for (const body of [anAnswerBody(30_000), anAnswerBody(300_000)]) {
        const headers = { 'Content-Type': 'application/json; charset=utf-8' };
        const made = () => ({
          etag: entityTag(body),
          variant: { coding: 'br' as const, bytes: compressSync('br', body) },
        });
        const stored = new StoredRepresentation(files, body, headers, made());
        const kept: KeptRepresentation[] = [new Representation(body, headers, made()), stored];
        for (const representation of kept) {
          // The first from memory; the second, once the files are written, a stored one from its file.
          for (const round of [1, 2]) {
            const { headers: sent, body: bytes } = await fetchOnce(representation, 'gzip, br');
            expect(sent['content-encoding']).to.equal('br');
            expect(sent.etag).to.equal(`"${new Representation(body, headers).etag}-br"`);
            expect(decode('br', bytes).equals(body), `round ${round}`).to.equal(true);
            await stored.written;
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
