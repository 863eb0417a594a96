import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { RepresentationCache } from './representation-cache.js';
import { Representation, type KeptRepresentation } from './representation.js';
import { RepresentationFiles, StoredRepresentation } from './stored-representation.js';
import { getOnTheWire } from '../../test/http-client.js';

const anAnswer = (bytes: number) =>
  new Representation(Buffer.from(JSON.stringify({ data: 'x'.repeat(bytes) })), { 'Content-Type': 'application/json' });
const entry = (bytes: number) => ({ representation: anAnswer(bytes), versions: null, minute: null });

describe('http: the representation cache', () => {
  it('drops the least recently used answers once their bytes pass the budget', () => {
    const cache = new RepresentationCache(20_000);
    cache.set('a', entry(5_000));
    cache.set('b', entry(5_000));
    cache.set('c', entry(5_000));
    cache.get('a');
    cache.set('d', entry(5_000));
    expect(cache.get('b')).to.equal(undefined);
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).to.equal(true);
    expect(cache.heldBytes).to.be.at.most(20_000);
  });

  it('keeps an answer read again through a flood of answers read once, past what the budget holds', () => {
    const cache = new RepresentationCache(20_000);
    cache.set('popular', entry(5_000));
    cache.get('popular');
    for (let i = 0; i < 20; i++) cache.set(`once ${i}`, entry(5_000));
    expect(cache.get('popular')).not.to.equal(undefined);
    expect(cache.get('once 0')).to.equal(undefined);
    expect(cache.get('once 19')).not.to.equal(undefined);
    expect(cache.heldBytes).to.be.at.most(20_000);
  });

  it('gives answers read again three quarters of the budget, the least recently read going back on probation', () => {
    const cache = new RepresentationCache(20_000);
    for (const key of ['a', 'b', 'c']) cache.set(key, entry(5_000));
    // Three answers of some 5.5 KB read again pass 15,000 bytes: 'a', read again first, is on probation again.
    for (const key of ['a', 'b', 'c']) cache.get(key);
    cache.set('d', entry(5_000));
    cache.set('e', entry(5_000));
    // On probation, 'a' then 'd' went first; 'b' and 'c', read again, stay.
    expect(['a', 'b', 'c', 'd', 'e'].filter((key) => cache.get(key) !== undefined)).to.deep.equal(['b', 'c', 'e']);
  });

  it('counts each entry’s key and overhead, so many tiny answers stay within the budget', () => {
    const cache = new RepresentationCache(100_000);
    for (let i = 0; i < 10_000; i++) cache.set(`/api/v1/qibla?lat=${i}&lng=${'0'.repeat(100)}`, entry(10));
    expect(cache.heldBytes).to.be.at.most(100_000);
  });

  it('counts a variant once made, less the identity body let go; keeps no answer above half the budget', async () => {
    const cache = new RepresentationCache(1_000_000);
    const kept = entry(200_000);
    const small = entry(20_000);
    cache.set('kept', kept);
    cache.set('small', small);
    const before = cache.heldBytes;
    const identityLength = small.representation.size;
    // A large identity body is kept beside its variant; a small one is let go.
    const gzip = await kept.representation.bytes('gzip');
    const br = await small.representation.bytes('br');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.heldBytes).to.equal(before + gzip.length - identityLength + br.length);
    expect(small.representation.size).to.equal(br.length);
    cache.set('huge', entry(600_000));
    expect(cache.get('huge')).to.equal(undefined);
  });
});

describe('http: large answers kept in files', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'islamic-data-stored-'));
  const files = RepresentationFiles.open(base);
  after(() => rmSync(base, { recursive: true, force: true }));

  const stored = (bytes: number) => ({
    representation: new StoredRepresentation(files, Buffer.from('x'.repeat(bytes)), { 'Content-Type': 'text/plain' }),
    versions: null,
    minute: null,
  });
  const filesHeld = () => readdirSync(files.dir).length;
  /** A stored answer whose body the answer builder wrote to its file. */
  const writtenByTheBuilder = (body: Buffer) => {
    const file = files.nextPath();
    writeFileSync(file, body);
    const made = { etag: 'tag', file };
    return { representation: new StoredRepresentation(files, body, { 'Content-Type': 'text/plain' }, made), file };
  };

  it('holds a stored body in memory only until its file is written, then counts it on disk', async () => {
    const cache = new RepresentationCache(1_000_000, 10_000_000);
    const entry = stored(500_000);
    cache.set('a', entry);
    expect(cache.heldBytes).to.be.at.least(500_000);
    await entry.representation.written;
    expect(cache.heldBytes).to.be.below(1_000);
    expect(cache.storedBytes).to.equal(500_000);
    expect(filesHeld()).to.equal(1);
  });

  it('keeps a variant made beside the body in memory when it is small, and in a file when it is not', async () => {
    const body = Buffer.from('x'.repeat(400_000));
    for (const [variantBytes, inMemory, onDisk, written] of [
      [20_000, 20_000, 400_000, 1],
      [100_000, 0, 500_000, 2],
    ] as const) {
      const cache = new RepresentationCache(1_000_000, 10_000_000);
      const before = filesHeld();
      const variant = { coding: 'br' as const, bytes: Buffer.alloc(variantBytes, 1) };
      const representation = new StoredRepresentation(
        files,
        body,
        { 'Content-Type': 'text/plain' },
        {
          etag: 'tag',
          variant,
        },
      );
      cache.set('v', { representation, versions: null, minute: null });
      expect(cache.heldBytes).to.be.at.least(400_000 + variantBytes);
      await representation.written;
      expect(cache.storedBytes).to.equal(onDisk);
      expect(cache.heldBytes)
        .to.be.at.least(inMemory)
        .and.below(inMemory + 1_000);
      expect(filesHeld() - before).to.equal(written);
    }
  });

  it('counts a body the answer builder wrote to its file on disk from the start, and sends it from there', async () => {
    const cache = new RepresentationCache(1_000_000, 10_000_000);
    const body = Buffer.from('y'.repeat(300_000));
    const { representation, file } = writtenByTheBuilder(body);
    cache.set('w', { representation, versions: null, minute: null });
    expect(cache.heldBytes).to.be.below(1_000);
    expect(cache.storedBytes).to.equal(300_000);
    const sent = await sendTo(representation);
    expect(sent.equals(body)).to.equal(true);
    cache.set('w', entry(10));
    for (let tries = 0; tries < 100 && existsSync(file); tries++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(file)).to.equal(false);
  });

  it('sends a body that is only in its file (a download: its length and tag), in each coding', async () => {
    const cache = new RepresentationCache(1_000_000, 10_000_000);
    const body = Buffer.from('Test download. '.repeat(100_000));
    const file = files.nextPath();
    writeFileSync(file, body);
    const representation = new StoredRepresentation(
      files,
      { length: body.length },
      { 'Content-Type': 'text/plain' },
      { etag: 'tag', file },
    );
    cache.set('d', { representation, versions: null, minute: null });
    expect(cache.storedBytes).to.equal(body.length);
    expect((await sendTo(representation)).equals(body)).to.equal(true);
    const br = await getOnTheWire((req, res) => void representation.send(req, res, 'no-cache'), '/', {
      'Accept-Encoding': 'br',
    });
    expect(br.headers['content-encoding']).to.equal('br');
    expect(br.headers.etag).to.equal('"tag-br"');
    expect(brotliDecompressSync(br.body).equals(body)).to.equal(true);
  });

  it('refuses a body that is only its length without its file', () => {
    expect(() => new StoredRepresentation(files, { length: 10 }, {}, { etag: 'tag' })).to.throw(/file/);
    expect(() => new StoredRepresentation(files, { length: 10 }, {})).to.throw(/file/);
  });

  it('keeps a file read for a third answer in memory, counted in the budget, and sends the same bytes', async () => {
    const cache = new RepresentationCache(1_000_000, 10_000_000);
    const body = Buffer.from('z'.repeat(300_000));
    const { representation, file } = writtenByTheBuilder(body);
    cache.set('hot', { representation, versions: null, minute: null });
    const held = cache.heldBytes;
    for (const read of [1, 2]) {
      expect((await sendTo(representation)).equals(body), `read ${read}`).to.equal(true);
      expect(cache.heldBytes).to.equal(held);
    }
    expect((await sendTo(representation)).equals(body)).to.equal(true);
    expect(cache.heldBytes).to.equal(held + body.length);
    // From memory now: the file is no longer read.
    rmSync(file);
    expect((await sendTo(representation)).equals(body)).to.equal(true);
  });

  it('bounds the bytes in files by their budget, removing the files of the answers let go', async () => {
    const before = filesHeld();
    const cache = new RepresentationCache(1_000_000, 1_000_000);
    for (const name of ['b', 'c', 'd', 'e', 'f']) {
      const entry = stored(300_000);
      cache.set(name, entry);
      await entry.representation.written;
    }
    expect(cache.storedBytes).to.be.at.most(1_000_000);
    expect(cache.get('b')).to.equal(undefined);
    expect(cache.get('f')).not.to.equal(undefined);
    // The files of the two let go are removed (unlinked in the background).
    for (let tries = 0; tries < 100 && filesHeld() - before > 3; tries++) await new Promise((r) => setTimeout(r, 20));
    expect(filesHeld() - before).to.equal(3);
  });

  it('keeps no stored answer above half its budget in files', () => {
    const cache = new RepresentationCache(1_000_000, 1_000_000);
    expect(cache.accepts(600_000, true)).to.equal(false);
    expect(cache.set('huge', stored(600_000))).to.equal(false);
    expect(cache.get('huge')).to.equal(undefined);
  });
});

/** The body a kept representation sends to a client that accepts no coding, over a real socket. */
const sendTo = async (kept: KeptRepresentation): Promise<Buffer> =>
  (await getOnTheWire((req, res) => void kept.send(req, res, 'no-cache'), '/', {})).body;
