import { expect } from 'chai';
import fc from 'fast-check';
import { envelopeBytes, envelopePieces } from './envelope-bytes.js';

describe('envelopeBytes and envelopePieces: {"data": …} as bytes, and as pieces of text', () => {
  const sameAsStringify = (data: unknown) => {
    expect(envelopeBytes(data).equals(Buffer.from(JSON.stringify({ data })))).to.equal(true);
    expect([...envelopePieces(data)].join('')).to.equal(JSON.stringify({ data }));
  };

  it('gives the bytes of JSON.stringify for lists long enough to be serialised in pieces, and for any value', () => {
    fc.assert(fc.property(fc.array(fc.jsonValue(), { maxLength: 1200 }), sameAsStringify), { numRuns: 60 });
    fc.assert(fc.property(fc.jsonValue(), sameAsStringify), { numRuns: 200 });
  });

  it('writes what has no JSON inside a list as null, as JSON.stringify does', () => {
    const entries = Array.from({ length: 700 }, (_, i) => (i % 3 === 0 ? undefined : i % 3 === 1 ? () => i : { i }));
    sameAsStringify(entries);
    expect(JSON.parse(envelopeBytes(entries).toString()).data.slice(0, 3)).to.deep.equal([null, null, { i: 2 }]);
  });

  it('keeps non-Latin text and lone surrogates as JSON.stringify writes them', () => {
    const entries = Array.from({ length: 600 }, (_, i) => ({ text: `نص اختباري ${i} \u{1F600} \uD800 "q"` }));
    sameAsStringify(entries);
  });
});
