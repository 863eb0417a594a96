import type { PrecomputedAnswer, PrecomputedAnswers } from '@islamic-data/core';
import { expect } from 'chai';

/** 300 KB of pseudo-random bytes (xorshift32, fixed seed): every byte value, the same on every run. */
function testNoise(length: number, seed = 0x2545f491): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/** A visibly synthetic answer: `test-key/...`, tag `"test-tag"`, versions that are small test numbers. */
function anAnswer(overrides: Partial<PrecomputedAnswer> = {}): PrecomputedAnswer {
  return {
    key: 'test-key/a',
    encoding: 'br',
    versions: { keys: 1, editions: 2, quran: 3, hadith: 4, mosques: 5 },
    tag: '"test-tag-1"',
    length: 11,
    meta: JSON.stringify({ type: 'application/json', test: true }),
    bytes: new Uint8Array([0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff, 0x00]),
    ...overrides,
  };
}

/** `actual` equals `expected` field by field, its bytes byte for byte (a Buffer or a Uint8Array). */
function expectSameAnswer(actual: PrecomputedAnswer | undefined, expected: PrecomputedAnswer): void {
  expect(actual, `an answer for ${expected.key} in ${expected.encoding}`).to.not.equal(undefined);
  const { bytes, ...fields } = actual!;
  const { bytes: expectedBytes, ...expectedFields } = expected;
  expect(fields).to.deep.equal(expectedFields);
  expect(bytes).to.be.instanceOf(Uint8Array);
  expect(bytes.length).to.equal(expectedBytes.length);
  expect(Buffer.compare(Buffer.from(bytes), Buffer.from(expectedBytes))).to.equal(0);
}

const byEncoding = (answers: PrecomputedAnswer[]) =>
  [...answers].sort((a, b) => (a.encoding < b.encoding ? -1 : a.encoding > b.encoding ? 1 : 0));

/**
 * Answers kept by key and encoding, given back whole (bytes byte for byte, versions as kept); keeping one again
 * replaces it; keys are compared exactly (case, trailing space, any character).
 */
export function precomputedAnswersConformance(name: string, make: () => Promise<PrecomputedAnswers>): void {
  describe(`PrecomputedAnswers conformance: ${name}`, () => {
    let answers: PrecomputedAnswers;
    beforeEach(async () => {
      answers = await make();
    });

    it('finds nothing for an unknown key, and the size of nothing is 0 answers of 0 bytes', async () => {
      expect(await answers.find('test-key/unknown')).to.deep.equal([]);
      expect(await answers.size()).to.deep.equal({ answers: 0, bytes: 0 });
    });

    it('gives back every field of a kept answer, its bytes byte for byte (0x00 and 0xff included)', async () => {
      const answer = anAnswer();
      await answers.keep([answer]);
      const found = await answers.find(answer.key);
      expect(found).to.have.length(1);
      expectSameAnswer(found[0], answer);
    });

    it('gives back a 300 KB answer byte for byte, and versions as large as clock microseconds', async () => {
      const answer = anAnswer({
        key: 'test-key/large',
        bytes: testNoise(300 * 1024),
        length: 1_000_000,
        versions: { keys: 0, editions: 1, quran: 1_764_000_000_000_001, hadith: 2, mosques: 1_764_000_000_123_456 },
      });
      await answers.keep([answer]);
      const found = await answers.find(answer.key);
      expect(found).to.have.length(1);
      expectSameAnswer(found[0], answer);
    });

    it('gives back an empty answer', async () => {
      const answer = anAnswer({ key: 'test-key/empty', bytes: new Uint8Array(0), length: 0 });
      await answers.keep([answer]);
      expectSameAnswer((await answers.find(answer.key))[0], answer);
    });

    it('gives back both encodings of one key', async () => {
      const br = anAnswer({ encoding: 'br', bytes: new Uint8Array([0x0b, 0x00, 0xff]) });
      const gzip = anAnswer({ encoding: 'gzip', bytes: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]) });
      await answers.keep([br, gzip]);
      const found = byEncoding(await answers.find('test-key/a'));
      expect(found.map((answer) => answer.encoding)).to.deep.equal(['br', 'gzip']);
      expectSameAnswer(found[0], br);
      expectSameAnswer(found[1], gzip);
    });

    it('gives back only the encoding asked for, and nothing for one not kept', async () => {
      const br = anAnswer({ encoding: 'br', bytes: new Uint8Array([0x0b, 0x01]) });
      const gzip = anAnswer({ encoding: 'gzip', bytes: new Uint8Array([0x1f, 0x8b]) });
      await answers.keep([br, gzip]);
      const found = await answers.find('test-key/a', 'gzip');
      expect(found).to.have.length(1);
      expectSameAnswer(found[0], gzip);
      expect(await answers.find('test-key/a', 'zstd')).to.deep.equal([]);
      expect(await answers.find('test-key/b', 'br')).to.deep.equal([]);
    });

    it('replaces what was kept for a key and encoding, and leaves other keys and encodings as they were', async () => {
      const other = anAnswer({ key: 'test-key/other', bytes: new Uint8Array([0x42]), length: 1 });
      const gzip = anAnswer({ encoding: 'gzip', bytes: new Uint8Array([0x1f, 0x8b]) });
      await answers.keep([anAnswer(), gzip, other]);
      const replacement = anAnswer({
        versions: { keys: 10, editions: 20, quran: 30, hadith: 40, mosques: 50 },
        tag: '"test-tag-2"',
        length: 22,
        meta: JSON.stringify({ type: 'text/plain', test: 2 }),
        bytes: new Uint8Array([0xff, 0xff, 0x00, 0x00, 0x01]),
      });
      await answers.keep([replacement]);
      const found = byEncoding(await answers.find('test-key/a'));
      expect(found).to.have.length(2);
      expectSameAnswer(found[0], replacement);
      expectSameAnswer(found[1], gzip);
      const others = await answers.find('test-key/other');
      expect(others).to.have.length(1);
      expectSameAnswer(others[0], other);
      expect(await answers.size()).to.deep.equal({ answers: 3, bytes: 5 + 2 + 1 });
    });

    it('keeps the last of one key and encoding given twice in one keep', async () => {
      const last = anAnswer({ tag: '"test-tag-last"', bytes: new Uint8Array([0x02]), length: 1 });
      await answers.keep([anAnswer({ tag: '"test-tag-first"' }), last]);
      const found = await answers.find('test-key/a');
      expect(found).to.have.length(1);
      expectSameAnswer(found[0], last);
    });

    it('counts the answers kept and their bytes', async () => {
      await answers.keep([
        anAnswer({ key: 'test-key/1', bytes: new Uint8Array(3) }),
        anAnswer({ key: 'test-key/1', encoding: 'gzip', bytes: new Uint8Array(5) }),
      ]);
      await answers.keep([anAnswer({ key: 'test-key/2', bytes: testNoise(1000) })]);
      expect(await answers.size()).to.deep.equal({ answers: 3, bytes: 3 + 5 + 1000 });
    });

    it('keeps 1,200 answers given at once', async () => {
      const many = Array.from({ length: 1_200 }, (_, i) =>
        anAnswer({ key: `test-key/many/${i}`, bytes: new Uint8Array([i & 0xff, 0x00, 0xff]), length: 3 }),
      );
      await answers.keep(many);
      expect(await answers.size()).to.deep.equal({ answers: 1_200, bytes: 3 * 1_200 });
      expectSameAnswer((await answers.find('test-key/many/1199'))[0], many[1_199]!);
    });

    it('keeps keys that differ only by case or a trailing space apart', async () => {
      const keys = ['test-key/Case', 'test-key/case', 'test-key/CASE', 'test-key/case '];
      await answers.keep(keys.map((key, i) => anAnswer({ key, bytes: new Uint8Array([i]), length: 1 })));
      for (const [i, key] of keys.entries()) {
        const found = await answers.find(key);
        expect(found, key).to.have.length(1);
        expectSameAnswer(found[0], anAnswer({ key, bytes: new Uint8Array([i]), length: 1 }));
      }
      expect(await answers.find('test-key/case  ')).to.deep.equal([]);
      expect(await answers.find('test-key/cas')).to.deep.equal([]);
    });

    it('keeps a key with Unicode, quotes and SQL-like text as it is', async () => {
      const key = `test-key/آية/ÿ/🕌/'single' "double" \`back\`/%_\\/'; drop table test --`;
      const answer = anAnswer({ key, meta: JSON.stringify({ test: 'ﷺ "quoted"' }) });
      await answers.keep([answer]);
      const found = await answers.find(key);
      expect(found).to.have.length(1);
      expectSameAnswer(found[0], answer);
      // The same text in another Unicode normal form is another key: keys are compared as they are.
      expect(key.normalize('NFD')).to.not.equal(key);
      expect(await answers.find(key.normalize('NFD'))).to.deep.equal([]);
      expect(await answers.find('test-key/%')).to.deep.equal([]);
    });
  });
}
