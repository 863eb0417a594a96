import { matchText, type SearchTerm, type TextRange } from '@islamic-data/core';
import { expect } from 'chai';
import fc from 'fast-check';
import { markedRanges, textWords } from '../src/search/mark-matches.js';

/** Synthetic words: Latin with case and accents, and Arabic letters with tashkeel, tatweel and letter variants. */
const WORDS = [
  'alpha',
  'Alpha',
  'ÁLPHA',
  'beta',
  'betas',
  'gamma',
  'qaf',
  'كتب',
  'كَتَبَ',
  'كـتب',
  'أمر',
  'امر',
  'سلمى',
  'سلمي',
];
const SEPARATORS = [' ', '  ', ', ', '.\n', ' — ', '-', '(', ') ', '؛ ', '\u200f '];

const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 30 })
  .map((pieces) => pieces.map(([word, separator]) => word + separator).join(''));

/** Terms as parseSearchQuery makes them: folded lowercase words, a phrase of up to three, maybe a prefix. */
const term: fc.Arbitrary<SearchTerm> = fc.record({
  words: fc.array(fc.constantFrom('alpha', 'beta', 'bet', 'gamma', 'كتب', 'امر', 'سلمي', 'ك', 'absent'), {
    minLength: 1,
    maxLength: 3,
  }),
  prefix: fc.boolean(),
  exclude: fc.constant(false),
});

/** What core's matchText marks for each term alone, in the terms' order: the in-memory stores' snippets. */
const coreRanges = (text: string, terms: SearchTerm[]): TextRange[] =>
  terms.flatMap((one) => matchText(text, [one])?.ranges ?? []);

describe('PostgreSQL search: marking the matches of a hit', () => {
  it('marks what core marks, word for word, on folded Arabic, accents, phrases and prefixes', () => {
    fc.assert(
      fc.property(text, fc.array(term, { minLength: 1, maxLength: 3 }), (text, terms) => {
        expect(markedRanges(textWords(text), terms, undefined)).to.deep.equal(coreRanges(text, terms));
      }),
      { numRuns: 500, seed: 24 },
    );
  });

  it('keeps the marks that follow a word in the range, and leaves excluded terms unmarked', () => {
    const text = 'قَالَ كَتَبَ، Alpha beta';
    const ranges = markedRanges(
      textWords(text),
      [
        { words: ['كتب'], prefix: false, exclude: false },
        { words: ['beta'], prefix: false, exclude: true },
      ],
      undefined,
    );
    expect(ranges.map(([start, end]) => text.slice(start, end))).to.deep.equal(['كَتَبَ']);
  });

  it('matches an English word by its stem too, and a stop word (no stem) only as itself', () => {
    const stems = new Map([
      ['believers', 'believ'],
      ['believed', 'believ'],
      ['belief', 'belief'],
    ]);
    const text = 'The believers believed the belief; the end';
    const marked = (word: string, stemOf?: (word: string) => string | undefined) =>
      markedRanges(textWords(text), [{ words: [word], prefix: false, exclude: false }], stemOf).map(([s, e]) =>
        text.slice(s, e),
      );
    expect(marked('believed', (word) => stems.get(word))).to.deep.equal(['believers', 'believed']);
    expect(marked('believed')).to.deep.equal(['believed']);
    expect(marked('the', (word) => stems.get(word))).to.deep.equal(['The', 'the', 'the']);
  });
});
