import { expect } from 'chai';
import { assignHadithNumbers, coveredNumbers, hadithNumberKey, type NumberedRecord } from '../src/index.js';

/** Synthetic records numbered as given, in order; `inBook` of record i is Book 1, Hadith i. */
const records = (...numbers: (string | null)[]): NumberedRecord[] =>
  numbers.map((number, i) => ({ sequence: i + 1, number, inBook: { book: 1, hadith: i + 1 } }));

describe('core: hadith numbers (CONTRACT §10)', () => {
  it('matches numbers case-insensitively with whitespace ignored', () => {
    expect(['8a', '8A', ' 8 a ', 'Introduction 53', 'introduction53'].map(hadithNumberKey)).to.deep.equal([
      '8a',
      '8a',
      '8a',
      'introduction53',
      'introduction53',
    ]);
  });

  for (const [number, covered] of [
    ['52', ['52']],
    ['5709-5712', ['5709', '5710', '5711', '5712']],
    ['299, 300, 301', ['299', '300', '301']],
    ['546b-d', ['546b', '546c', '546d']],
    ['2111a, b', ['2111a', '2111b']],
    ['2913/2914a', ['2913', '2914a']],
    ['1205 b', ['1205b']],
    ['Introduction 53', ['introduction53']],
    ['2900e, 2901a', ['2900e', '2901a']],
  ] as const) {
    it(`reads '${number}' as covering ${covered.join(', ')}`, () => {
      expect(coveredNumbers(number)).to.deep.equal(covered);
    });
  }

  for (const number of ['', 'abc', '12-3', '1-500', 'b, 12', '3 (x)', '5d-b']) {
    it(`does not read '${number}' as single numbers`, () => {
      expect(coveredNumbers(number)).to.equal(undefined);
    });
  }

  it(
    'resolves a number, every single number a record covers, and a number without its letter to the ' +
      'first record with it',
    () => {
      const { numbers, keys, madeUnique, unparsable, numbersCovered } = assignHadithNumbers(
        records('7', '8a', '8b', '9-11', '12, 13', 'Introduction 2', '8'),
      );
      expect(numbers).to.deep.equal(['7', '8a', '8b', '9-11', '12, 13', 'Introduction 2', '8']);
      expect(madeUnique).to.equal(0);
      expect(unparsable).to.equal(0);
      // `8` is record 7's own number, which wins over the letterless `8` of `8a`.
      expect(Object.fromEntries(keys)).to.deep.equal({
        '7': 1,
        '8a': 2,
        '8b': 3,
        '9-11': 4,
        '12,13': 5,
        introduction2: 6,
        '8': 7,
        '9': 4,
        '10': 4,
        '11': 4,
        '12': 5,
        '13': 5,
      });
      expect(numbersCovered).to.equal(7);
      expect(assignHadithNumbers(records('8a', '8b')).keys.get('8')).to.equal(1);
    },
  );

  it(
    'makes repeated and missing numbers unique: the first keeps it, others get their in-book reference ' +
      'or sequence',
    () => {
      const input = records('5', '5', null, '5 ', '6');
      input[3]!.inBook = null;
      const { numbers, keys, madeUnique } = assignHadithNumbers(input);
      expect(numbers).to.deep.equal(['5', '5 (Book 1, Hadith 2)', 'Book 1, Hadith 3', '5 (#4)', '6']);
      expect(madeUnique).to.equal(3);
      expect(keys.get('5')).to.equal(1);
      expect(keys.get(hadithNumberKey('5 (Book 1, Hadith 2)'))).to.equal(2);
      expect(keys.get(hadithNumberKey('Book 1, Hadith 3'))).to.equal(3);
      expect(new Set(numbers.map(hadithNumberKey)).size).to.equal(numbers.length);
    },
  );

  it('keeps a number it cannot read whole, counting it, and it still resolves as a whole', () => {
    const { numbers, keys, unparsable } = assignHadithNumbers(records('12 (x)', '13'));
    expect(numbers[0]).to.equal('12 (x)');
    expect(unparsable).to.equal(1);
    expect(keys.get('12(x)')).to.equal(1);
    expect(keys.has('12')).to.equal(false);
  });
});
