import { buildSnippet, comparableWord, matchText, type SearchTerm, type TextRange } from '@islamic-data/core';
import { expect } from 'chai';
import fc from 'fast-check';
import { snippetRanges } from '../src/search/mark-matches.js';

/** Synthetic words: Latin with case and accents, and Arabic letters with tashkeel, tatweel and letter variants. */
const LATIN_WORDS = ['alpha', 'Alpha', 'ÁLPHA', 'beta', 'betas', 'gamma', 'qaf'];
const WORDS = [...LATIN_WORDS, 'كتب', 'كَتَبَ', 'كـتب', 'أمر', 'امر', 'سلمى'];
const LATIN_SEPARATORS = [' ', '  ', ', ', '.\n', ' — ', '-', '(', ') '];
const SEPARATORS = [...LATIN_SEPARATORS, '؛ ', '\u200f '];

/** Texts of up to 150 words, so that matches fall before, in and after a snippet's 40 words. */
const textOf = (words: readonly string[], separators = SEPARATORS) =>
  fc
    .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...separators)), { maxLength: 150, size: 'max' })
    .map((pieces) => pieces.map(([word, separator]) => word + separator).join(''));

/** Terms as parseSearchQuery makes them: folded lowercase words, a phrase of up to three, maybe a prefix. */
const termOf = (words: readonly string[]): fc.Arbitrary<SearchTerm> =>
  fc.record({
    words: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
    prefix: fc.boolean(),
    exclude: fc.boolean(),
  });

const TERM_WORDS = ['alpha', 'beta', 'bet', 'gamma', 'كتب', 'امر', 'سلمي', 'ك', 'absent'];

/** What core's matchText marks for each wanted term alone: the in-memory stores' snippets. */
const coreRanges = (text: string, terms: SearchTerm[]): TextRange[] =>
  terms.filter((term) => !term.exclude).flatMap((term) => matchText(text, [term])?.ranges ?? []);

/** Stems of the synthetic English words, as Snowball would give them (a word and its stem share their beginning). */
const STEMS = new Map([
  ['believers', 'believ'],
  ['believed', 'believ'],
  ['believe', 'believ'],
  ['belief', 'belief'],
  ['beliefs', 'belief'],
]);
const stemOf = (word: string) => STEMS.get(word);

/** Every match of `terms` in a Latin text (no folding), stems included, read whole: what snippetRanges agrees with. */
function everyMatch(text: string, terms: SearchTerm[]): TextRange[] {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    word: comparableWord(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
  const same = (candidate: string, wanted: string) =>
    candidate === wanted || (stemOf(wanted) !== undefined && stemOf(candidate) === stemOf(wanted));
  return terms
    .filter((term) => !term.exclude)
    .flatMap((term) =>
      words.flatMap((_, i): TextRange[] => {
        const span = words.slice(i, i + term.words.length);
        if (span.length < term.words.length) return [];
        const matches = term.words.every((wanted, j) =>
          term.prefix && j === term.words.length - 1 ? span[j]!.word.startsWith(wanted) : same(span[j]!.word, wanted),
        );
        return matches ? [[span[0]!.start, span.at(-1)!.end]] : [];
      }),
    );
}

describe('PostgreSQL search: marking the matches a snippet shows', () => {
  it('gives the snippet core gives, on folded Arabic, accents, phrases, prefixes and long texts', () => {
    fc.assert(
      fc.property(textOf(WORDS), fc.array(termOf(TERM_WORDS), { minLength: 1, maxLength: 3 }), (text, terms) => {
        expect(buildSnippet(text, snippetRanges(text, terms, undefined))).to.equal(
          buildSnippet(text, coreRanges(text, terms)),
        );
      }),
      { numRuns: 1000, seed: 24 },
    );
  });

  it('gives the snippet of every match, stems included, reading no further than without stems, nor to the end', () => {
    const english = ['The', 'believers', 'believed', 'belief', 'Beliefs', 'said', 'test', 'of', 'them'];
    const wanted = ['believe', 'belief', 'said', 'the', 'test', 'absent'];
    fc.assert(
      fc.property(
        textOf(english, LATIN_SEPARATORS),
        fc.array(termOf(wanted), { minLength: 1, maxLength: 3 }),
        (text, terms) => {
          const read: string[] = [];
          const ranges = snippetRanges(text, terms, stemOf, comparableWord, (word) => read.push(word));
          expect(buildSnippet(text, ranges)).to.equal(buildSnippet(text, everyMatch(text, terms)));
          // Matched without stems, it reads every word it reads with them (the words a search stems first).
          let readWithoutStems = 0;
          snippetRanges(text, terms, undefined, comparableWord, () => readWithoutStems++);
          expect(read.length).to.be.at.most(readWithoutStems);
          // A first match among the first 10 words of a long text: the words read stop short of its end.
          const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
          const first = everyMatch(text, terms).reduce((min, [start]) => Math.min(min, start), Infinity);
          if (words.length > 100 && first < text.indexOf(words[10]!)) expect(read.length).to.be.below(words.length);
        },
      ),
      { numRuns: 1000, seed: 24 },
    );
  });

  it('keeps the marks that follow a word in the range, and leaves excluded terms unmarked', () => {
    const text = 'قَالَ كَتَبَ، Alpha beta';
    const ranges = snippetRanges(
      text,
      [
        { words: ['كتب'], prefix: false, exclude: false },
        { words: ['beta'], prefix: false, exclude: true },
      ],
      undefined,
    );
    expect(ranges.map(([start, end]) => text.slice(start, end))).to.deep.equal(['كَتَبَ']);
  });

  it('matches an English word by its stem, and a stop word (no stem) only as itself', () => {
    const text = 'The believers believed the belief; the end';
    const marked = (word: string, stems?: (word: string) => string | undefined) =>
      snippetRanges(text, [{ words: [word], prefix: false, exclude: false }], stems).map(([s, e]) => text.slice(s, e));
    expect(marked('believed', stemOf)).to.deep.equal(['believers', 'believed']);
    expect(marked('believed', undefined)).to.deep.equal(['believed']);
    expect(marked('the', stemOf)).to.deep.equal(['The', 'the', 'the']);
  });

  it('marks a phrase that begins inside the snippet and ends past its last word', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    // The first match is w10, so the snippet shows words 0 to 39: the phrase begins at the last of them.
    words[39] = 'alpha';
    words[40] = 'beta';
    const text = words.join(' ');
    const terms: SearchTerm[] = [
      { words: ['w10'], prefix: false, exclude: false },
      { words: ['alpha', 'beta'], prefix: false, exclude: false },
    ];
    const snippet = buildSnippet(text, snippetRanges(text, terms, undefined));
    expect(snippet).to.equal(buildSnippet(text, coreRanges(text, terms)));
    expect(snippet).to.match(/ <mark>alpha<\/mark> …$/);
  });
});
