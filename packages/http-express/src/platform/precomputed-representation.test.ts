import { zeroVersions, type PrecomputedAnswer } from '@islamic-data/core';
import { expect } from 'chai';
import { getOnTheWire } from '../../test/http-client.js';
import { compressSync } from './compression.js';
import { currentAnswers, precomputedMeta, PrecomputedRepresentation } from './precomputed-representation.js';
import { entityTag, JSON_CONTENT_TYPE, Representation, type KeptRepresentation } from './representation.js';

/** A visibly synthetic JSON answer of some 40 KB. */
const BODY = Buffer.from(
  JSON.stringify({ data: Array.from({ length: 800 }, (_, n) => ({ n, text: `Test synthetic text ${n}` })) }),
);
/** A visibly synthetic download of some 2.6 MB: sent decompressed as a stream to a client that takes no coding. */
const LARGE_BODY = Buffer.from(
  JSON.stringify(Array.from({ length: 40_000 }, (_, n) => ({ n, text: `Test synthetic download entry ${n}` }))),
);
const HEADERS = { 'Content-Type': JSON_CONTENT_TYPE };

const precomputedIn = (encodings: ('br' | 'gzip')[], body = BODY): PrecomputedAnswer[] =>
  encodings.map((encoding) => ({
    key: 'test',
    encoding,
    versions: zeroVersions(),
    tag: entityTag(body),
    length: body.length,
    meta: precomputedMeta('test format', HEADERS),
    bytes: compressSync(encoding, body),
  }));

/** A representation of the first answer, loading the others from them when asked (as the pipeline's store does). */
const representationOf = (answers: PrecomputedAnswer[]) =>
  new PrecomputedRepresentation(answers[0]!, async (encoding) => answers.find((each) => each.encoding === encoding));

const onTheWire = async (kept: KeptRepresentation, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') => {
  const { headers: sent, body } = await getOnTheWire(
    (req, res) => void kept.send(req, res, 'no-cache'),
    '/',
    headers,
    method,
  );
  const { date: _date, ...rest } = sent;
  return { headers: rest, body: body.toString('base64') };
};

describe('PrecomputedRepresentation: sent as a representation built from the same body is', () => {
  const ACCEPTS: Record<string, string>[] = [
    {},
    { 'Accept-Encoding': 'gzip, br' },
    { 'Accept-Encoding': 'gzip' },
    { 'Accept-Encoding': 'br' },
  ];

  it('in every coding asked for, with the same tag, headers and bytes', async () => {
    for (const accept of ACCEPTS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const precomputed = await onTheWire(representationOf(precomputedIn(['br', 'gzip'])), accept, method);
        const built = await onTheWire(new Representation(BODY, HEADERS), accept, method);
        expect(precomputed, `${method} ${JSON.stringify(accept)}`).to.deep.equal(built);
      }
    }
  });

  it('streams a body of megabytes decompressed, from whichever encoding it holds', async () => {
    expect(LARGE_BODY.length).to.be.greaterThan(2 * 1024 * 1024);
    for (const held of ['br', 'gzip'] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const precomputed = await onTheWire(
          new PrecomputedRepresentation(precomputedIn([held], LARGE_BODY)[0]!),
          {},
          method,
        );
        const built = await onTheWire(new Representation(LARGE_BODY, HEADERS), {}, method);
        expect(precomputed, `${method} from ${held}`).to.deep.equal(built);
      }
    }
  });

  it('answers 304 to its own tag in the coding sent, and 200 to another coding’s', async () => {
    const kept = representationOf(precomputedIn(['br', 'gzip']));
    const br = await onTheWire(kept, { 'Accept-Encoding': 'br' });
    const again = await getOnTheWire((req, res) => void kept.send(req, res, 'no-cache'), '/', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(br.headers.etag),
    });
    expect(again.body.length).to.equal(0);
    expect(again.headers.etag).to.equal(br.headers.etag);
    const gzip = await onTheWire(kept, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) });
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    expect(gzip.body.length).to.be.greaterThan(0);
  });

  it('sends the body itself when the coding asked for is not kept', async () => {
    const kept = representationOf(precomputedIn(['gzip']));
    const sent = await onTheWire(kept, { 'Accept-Encoding': 'br' });
    expect(sent.headers['content-encoding']).to.equal(undefined);
    expect(sent.headers.etag).to.equal(`"${entityTag(BODY)}"`);
    expect(Buffer.from(sent.body, 'base64').equals(BODY)).to.equal(true);
  });

  it('holds the encoding asked first, loads another once when first asked for, and counts what it holds', async () => {
    const [br, gzip] = precomputedIn(['br', 'gzip']);
    const loads: string[] = [];
    const grown: number[] = [];
    const kept = new PrecomputedRepresentation(br!, async (encoding) => {
      loads.push(encoding);
      return encoding === 'gzip' ? gzip : undefined;
    });
    kept.onGrow = (bytes) => void grown.push(bytes);
    expect(kept.size).to.equal(br!.bytes.length);
    const accepts: Record<string, string>[] = [{ 'Accept-Encoding': 'br' }, {}, { 'Accept-Encoding': 'gzip' }];
    for (const accept of [...accepts, { 'Accept-Encoding': 'gzip' }]) await onTheWire(kept, accept);
    expect(loads).to.deep.equal(['gzip']);
    expect(grown).to.deep.equal([gzip!.bytes.length]);
    expect(kept.size).to.equal(br!.bytes.length + gzip!.bytes.length);
  });

  it('takes no encoding of another tag, nor one it cannot send', async () => {
    const [br, gzip] = precomputedIn(['br', 'gzip']);
    const kept = new PrecomputedRepresentation(br!, async () => ({ ...gzip!, tag: 'another body' }));
    const sent = await onTheWire(kept, { 'Accept-Encoding': 'gzip' });
    expect(sent.headers['content-encoding']).to.equal(undefined);
    expect(Buffer.from(sent.body, 'base64').equals(BODY)).to.equal(true);
    expect(() => new PrecomputedRepresentation({ ...br!, encoding: 'zstd' })).to.throw();
  });

  it('is current only when built by the same code at the versions of the areas its route reads', () => {
    const [answer] = precomputedIn(['br']);
    const versions = { ...zeroVersions(), quran: 3 };
    const atQuran3 = { ...answer!, versions };
    expect(currentAnswers([atQuran3], 'test format', versions, ['quran'])).to.have.length(1);
    expect(currentAnswers([atQuran3], 'other format', versions, ['quran']), 'other code').to.have.length(0);
    const later = { ...versions, quran: 4 };
    expect(currentAnswers([atQuran3], 'test format', later, ['quran']), 'the Quran changed').to.have.length(0);
    const keysChanged = { ...versions, keys: 9 };
    expect(currentAnswers([atQuran3], 'test format', keysChanged, ['quran']), 'an area not read').to.have.length(1);
    const unreadable = { ...atQuran3, meta: '{"headers":' };
    expect(currentAnswers([unreadable], 'test format', versions, ['quran']), 'meta not JSON').to.have.length(0);
  });
});
