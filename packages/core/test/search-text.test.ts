import { expect } from 'chai';
import {
  buildSnippet,
  foldArabic,
  foldArabicWithOffsets,
  matchText,
  originalRange,
  parseSearchQuery,
  ParameterError,
  searchWords,
} from '../src/index.js';

/** The ParameterError naming `q` that parsing `q` throws; fails the test when it throws anything else or nothing. */
function refusalOf(q: string): ParameterError {
  const error = (() => {
    try {
      parseSearchQuery(q);
    } catch (caught) {
      return caught;
    }
  })();
  expect(error, q).to.be.instanceOf(ParameterError);
  expect((error as ParameterError).parameters).to.deep.equal(['q']);
  return error as ParameterError;
}

describe('core: search text', () => {
  describe('foldArabic', () => {
    it('drops tashkeel, tatweel and annotation marks and unifies letter variants, keeping spaces', () => {
      // Synthetic: "a first test" with every kind of mark the folding removes or rewrites.
      expect(foldArabic('تَجْـرِبَةٌ أُولَىٰ ۖ إِلَى ٱلْآخِرِ')).to.equal('تجربه اولي  الي الاخر');
      expect(foldArabic('Test ASCII stays')).to.equal('Test ASCII stays');
    });

    it('says where each folded character came from', () => {
      const { text, offsets } = foldArabicWithOffsets('بِـا');
      expect(text).to.equal('با');
      expect(offsets).to.deep.equal([0, 3]);
    });

    it('leaves a text it does not change as it is, each character its own, and marks it as such', () => {
      const text = 'Test, an English text – with “quotes”, digits 123 and an Arabic word: كتب';
      expect(foldArabicWithOffsets(text)).to.deep.equal({ text, offsets: null });
      expect(originalRange(text, null, 5, 7)).to.deep.equal([5, 7]);
    });

    it('folds every character as it folds that character alone, in runs of kept text between them', () => {
      // Every character from U+0600 to U+08FF and the zero-width ones, each between Latin letters and Arabic ones.
      const codes = [...Array.from({ length: 0x300 }, (_, i) => 0x600 + i), 0x200b, 0x200c, 0x200f, 0x2010];
      const text = codes.map((code) => `a${String.fromCharCode(code)}ب `).join('');
      const { text: folded, offsets } = foldArabicWithOffsets(text);
      expect(offsets).to.have.length(folded.length);
      const kept = new Set(offsets);
      for (let i = 0; i < text.length; i++) {
        const alone = foldArabic(text[i]!);
        expect(alone.length <= 1, `U+${text.charCodeAt(i).toString(16)}`).to.equal(true);
        expect(kept.has(i), `U+${text.charCodeAt(i).toString(16)}`).to.equal(alone.length === 1);
      }
      offsets!.forEach((from, i) => expect(folded[i]).to.equal(foldArabic(text[from]!)));
      expect(folded).to.include('aاب').and.not.include('\u064e').and.not.include('\u0640');
    });
  });

  describe('parseSearchQuery', () => {
    it('reads words, phrases, prefixes and exclusions', () => {
      expect(parseSearchQuery('Alpha "beta  gamma" delt* -epsilon -"zeta eta"')).to.deep.equal([
        { words: ['alpha'], prefix: false, exclude: false },
        { words: ['beta', 'gamma'], prefix: false, exclude: false },
        { words: ['delt'], prefix: true, exclude: false },
        { words: ['epsilon'], prefix: false, exclude: true },
        { words: ['zeta', 'eta'], prefix: false, exclude: true },
      ]);
    });

    it('treats every other FTS character as text: NEAR(, OR, column filters, carets, a lone quote', () => {
      expect(parseSearchQuery('NEAR(alpha beta) OR title:x ^y "open').map((term) => term.words)).to.deep.equal([
        ['near', 'alpha'],
        ['beta'],
        ['or'],
        ['title', 'x'],
        ['y'],
        ['open'],
      ]);
      expect(parseSearchQuery('تَجْرِبَةٌ*')).to.deep.equal([{ words: ['تجربه'], prefix: true, exclude: false }]);
    });

    it('refuses, naming q, a query with nothing to find or too many terms', () => {
      for (const q of ['"', '*', ')', "'--", '-alpha', '   ', '- "" -']) {
        refusalOf(q);
      }
      expect(() => parseSearchQuery(Array.from({ length: 17 }, (_, i) => `w${i}`).join(' '))).to.throw(/at most 16/);
    });

    it('refuses, naming q, a one-letter prefix and more than 4 prefixes (issue 26); whole short words stay', () => {
      for (const [q, message] of [
        ['a*', /at least 2 letters.*'a\*'/],
        ['alpha "beta g"*', /at least 2 letters.*'g\*'/],
        ['ت*', /at least 2 letters/],
        ['al* be* ga* de* ep*', /at most 4 prefixes/],
        [Array.from({ length: 16 }, (_, i) => String.fromCharCode(97 + i) + '*').join(' '), /at least 2 letters/],
      ] as const) {
        expect(refusalOf(q).message, q).to.match(message);
      }
      expect(parseSearchQuery('al* be* ga* de* a b')).to.have.length(6);
      expect(parseSearchQuery('تج*')).to.deep.equal([{ words: ['تج'], prefix: true, exclude: false }]);
    });

    it('splits words as the index does: letters and digits, lowercase', () => {
      expect(searchWords("Test's 2:255, ALPHA-beta")).to.deep.equal(['test', 's', '2', '255', 'alpha', 'beta']);
    });
  });

  describe('snippets and the plain matcher', () => {
    it('marks phrase and prefix matches in the original text, accents and case aside', () => {
      const text = 'Test Café alphabet, then the beta gamma words';
      const match = matchText(text, parseSearchQuery('cafe alpha* "beta gamma"'));
      expect(buildSnippet(text, match!.ranges)).to.equal(
        'Test <mark>Café</mark> <mark>alphabet</mark>, then the <mark>beta gamma</mark> words',
      );
      expect(matchText(text, parseSearchQuery('cafe -beta'))).to.equal(undefined);
      expect(matchText(text, parseSearchQuery('"gamma beta"'))).to.equal(undefined);
    });

    it('keeps the marks of an Arabic word inside its highlight', () => {
      const text = 'تَجْرِبَةٌ أُولَىٰ';
      const marked = buildSnippet(text, matchText(text, parseSearchQuery('اولي'))!.ranges);
      expect(marked).to.equal('تَجْرِبَةٌ ' + '<mark>أُولَىٰ</mark>');
    });

    it('cuts a long text around the first match, with … where cut and white space as single spaces', () => {
      const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
      words[60] = 'target';
      const snippet = buildSnippet(words.join('\n'), matchText(words.join('\n'), parseSearchQuery('target'))!.ranges);
      expect(snippet.startsWith('… w50 ')).to.equal(true);
      expect(snippet.endsWith(' w89 …')).to.equal(true);
      expect(snippet).to.contain('<mark>target</mark>');
      expect(snippet.split(' ')).to.have.length(42);
    });

    it('counts words between white space as \\s reads it, Unicode spaces and line separators included', () => {
      const separators = [' ', '\t', '\r\n', '\u00a0', '\u1680', '\u2003', '\u2028', '\u202f', '\u3000', '\ufeff'];
      // U+200B (zero width space) and U+180E are not white space to \s: they stay inside their words.
      const joiners = ['\u200b', '\u180e', '-'];
      const pieces = Array.from({ length: 90 }, (_, i) => `w${i}${i % 7 === 0 ? joiners[i % 3] : ''}`);
      const text = ` ${pieces.map((piece, i) => piece + separators[i % separators.length]).join('')}`;
      const expected = text.match(/\S+/g)!;
      expect(buildSnippet(text, [])).to.equal(`${expected.slice(0, 40).join(' ')} …`);
      const at = text.indexOf('w70');
      expect(buildSnippet(text, [[at, at + 3]])).to.equal(
        `… ${expected.slice(50, 70).join(' ')} <mark>w70</mark>\u180e ${expected.slice(71).join(' ')}`,
      );
    });
  });
});
