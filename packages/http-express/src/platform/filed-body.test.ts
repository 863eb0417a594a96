import { expect } from 'chai';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { filedBody } from './filed-body.js';
import { entityTag, STORE_FROM_BYTES } from './representation.js';

describe('filedBody: text in pieces, in memory when small, else written to its file and hashed as it goes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'filed-body-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const aFile = () => path.join(dir, String(files++));
  /** The bytes the pieces make, each encoded as `Buffer.from` encodes it (as `envelopeBytes` does). */
  const bytesOf = (pieces: string[]) => Buffer.concat(pieces.map((piece) => Buffer.from(piece)));

  const sameAsInMemory = (pieces: string[]) => {
    const file = aFile();
    const body = filedBody(file, pieces);
    const expected = bytesOf(pieces);
    if (expected.length < STORE_FROM_BYTES) {
      expect(Buffer.isBuffer(body) && body.equals(expected)).to.equal(true);
      expect(existsSync(file)).to.equal(false);
    } else {
      expect(body).to.deep.equal({ file, length: expected.length, etag: entityTag(expected) });
      expect(readFileSync(file).equals(expected)).to.equal(true);
    }
  };

  it('gives the bytes and tag of the pieces encoded in memory, for any text (astral, lone surrogates)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 30_000 }),
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), sameAsInMemory), { numRuns: 80 });
  });

  it('keeps a body one byte short of a stored one in memory, and writes one of exactly that size', () => {
    const arabic = 'نص اختباري '; // two bytes a letter; the filler ends the pieces on the threshold exactly
    const filler = (bytes: number) => 'x'.repeat(bytes - Buffer.byteLength(arabic));
    // A last empty piece, as a generator may give.
    const aroundTheThreshold = (bytes: number) => [arabic, filler(bytes), ''];
    sameAsInMemory(aroundTheThreshold(STORE_FROM_BYTES - 1));
    sameAsInMemory(aroundTheThreshold(STORE_FROM_BYTES));
    sameAsInMemory(['\uD800', 'a'.repeat(STORE_FROM_BYTES), '\uDC00 \u{1F600}']);
  });

  it('leaves no file and gives nothing when its file cannot be written', () => {
    const nowhere = path.join(dir, 'no-such-folder', 'file');
    expect(filedBody(nowhere, ['y'.repeat(STORE_FROM_BYTES), 'z'])).to.equal(undefined);
  });

  it('throws an error of the pieces as it is, leaving no file behind', () => {
    const file = aFile();
    function* failing() {
      yield 'y'.repeat(STORE_FROM_BYTES);
      yield 'z';
      throw new TypeError('Do not know how to serialize a BigInt');
    }
    expect(() => filedBody(file, failing())).to.throw(TypeError, /BigInt/);
    expect(existsSync(file)).to.equal(false);
  });
});
