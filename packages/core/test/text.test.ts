import { expect } from 'chai';
import { assertSafeText, escapeForTerminal, hasUnsafeCharacters, ParameterError } from '../src/index.js';

describe('core: text from users (control characters and bidi overrides)', () => {
  const refused = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u202a', '\u202e', '\u2066', '\u2069'];

  it('refuses C0, DEL, C1 and the bidi embeddings, overrides and isolates in both kinds of field', () => {
    for (const character of refused) {
      expect(hasUnsafeCharacters(`Test ${character} text`, 'line'), JSON.stringify(character)).to.equal(true);
      expect(hasUnsafeCharacters(`Test ${character} text`, 'text'), JSON.stringify(character)).to.equal(true);
    }
  });

  it('takes tab and line breaks in paragraphs only, and the bidi marks and Arabic everywhere', () => {
    for (const character of ['\t', '\n', '\r']) {
      expect(hasUnsafeCharacters(`Test${character}text`, 'line')).to.equal(true);
      expect(hasUnsafeCharacters(`Test${character}text`, 'text')).to.equal(false);
    }
    for (const text of ['Test \u200e\u200f\u061c', 'مَسْجِد', 'Test émoji 🕌', ''])
      expect(hasUnsafeCharacters(text, 'line'), text).to.equal(false);
  });

  it('names the field in a 400, and lets other values through', () => {
    let error: unknown;
    try {
      assertSafeText('nameEn', 'Test \u001b[2J', 'line');
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ParameterError);
    expect((error as ParameterError).parameters).to.deep.equal(['nameEn']);
    expect((error as ParameterError).message).to.equal(
      'nameEn must not contain control characters or bidirectional overrides.',
    );
    for (const value of [undefined, null, 42, 'Test plain'])
      expect(() => assertSafeText('x', value, 'line')).not.to.throw();
  });

  it('escapes for a terminal whatever could act on it, on one line', () => {
    expect(escapeForTerminal('Test \u001b[2J\u009b1m\u202e\n\t\r\u2028 end')).to.equal(
      'Test \\u001b[2J\\u009b1m\\u202e\\n\\t\\r\\u2028 end',
    );
    expect(escapeForTerminal('مَسْجِد \u200f plain')).to.equal('مَسْجِد \u200f plain');
  });
});
