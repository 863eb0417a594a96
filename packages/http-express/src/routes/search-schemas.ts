import { LANGUAGE_CODE_PATTERN, MAX_SEARCH_DEPTH, SEARCH_LIMIT, SNIPPET_MARK } from '@islamic-data/core';
import { Type, type TProperties } from '@sinclair/typebox';
import { nullable } from '../platform/schema.js';

/** Schemas shared by `GET /quran/search` and `GET /hadith/search`. */

export const SEARCH_Q_MAX_LENGTH = 500;

export const SEARCH_DESCRIPTION =
  'Ranked full-text search (SQLite FTS5, bm25) over the Arabic and every translation; one hit per text and ' +
  'language, best first. The Arabic matches without its diacritics (tashkeel), tatweel and Quranic annotation ' +
  'marks, and with one form of the letter variants (أ إ آ ٱ → ا, ى → ي, ة → ه), in the text and in `q` alike. ' +
  'Translations match case- and accent-insensitively; English also by stem (Porter: `believers` finds ' +
  '`believe`); other languages by whole word (SQLite has no stemmer for them: use `word*`). ' +
  '`q` takes words (all must occur), `"a phrase"`, `prefix*` and `-excluded` (or `-"a phrase"`); every other ' +
  'character is text, never an operator. `q` with nothing to find: 400.';

export const searchQueryProperties = {
  q: Type.String({
    minLength: 1,
    maxLength: SEARCH_Q_MAX_LENGTH,
    description: `What to find, 1–${SEARCH_Q_MAX_LENGTH} characters: ` + 'words, `"a phrase"`, `prefix*`, `-excluded`.',
  }),
  lang: Type.Optional(
    Type.String({
      pattern: LANGUAGE_CODE_PATTERN,
      description: 'Only texts in this language (`ar`: the Arabic original); absent: every language.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SEARCH_LIMIT.max,
      description: `Hits per page, 1–${SEARCH_LIMIT.max}; default ${SEARCH_LIMIT.default}.`,
    }),
  ),
  startAfter: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,9}$',
      description:
        `The previous page’s \`nextStartAfter\`; absent: the first page. Pages reach the first ` +
        `${MAX_SEARCH_DEPTH} hits.`,
    }),
  ),
};

const snippet = Type.String({
  description:
    `Up to 40 words of the text around the first match, each match wrapped in \`${SNIPPET_MARK.open}\`…` +
    `\`${SNIPPET_MARK.close}\`, \`…\` where the text was cut, white space shown as single spaces (plain text, ` +
    'not escaped HTML).',
});

export const searchHitProperties = {
  lang: Type.String({ description: 'The language of the text that matched (`ar`: the Arabic original).' }),
  snippet,
};

export const searchPage = <T extends TProperties>(hit: T) =>
  Type.Object(
    {
      items: Type.Array(Type.Object(hit, { additionalProperties: false })),
      nextStartAfter: nullable(Type.String(), {
        description: 'Pass as `startAfter` for the next page; null: this was the last page.',
      }),
    },
    { additionalProperties: false },
  );
