import { ParameterError } from '../parameter-error.js';
import { foldArabic } from './arabic-folding.js';

/** One thing a search asks for: a word or a phrase (its words in order), maybe as a prefix, maybe excluded. */
export interface SearchTerm {
  /** Lowercase words, Arabic folded (see foldArabic); more than one makes a phrase. */
  words: string[];
  /** The last word matches any word it begins (`word*`). */
  prefix: boolean;
  /** The hit must not contain it (`-word`, `-"a phrase"`). */
  exclude: boolean;
}

export const MAX_QUERY_TERMS = 16;
/** A prefix (`word*`) matches every indexed word it begins: one or two letters would match most of them. */
export const MIN_PREFIX_LENGTH = 2;
/** Prefix terms cost a walk of the index's words each; a query may hold this many. */
export const MAX_PREFIX_TERMS = 4;

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a piece of text as search sees them: runs of letters and digits, lowercase, Arabic folded. */
export function searchWords(text: string): string[] {
  return foldArabic(text).toLowerCase().match(WORD) ?? [];
}

/**
 * Reads `q`: `"a phrase"`, `prefix*`, `-excluded` (also `-"a phrase"`); every other character is
 * text, so FTS syntax (`NEAR(`, `OR`, `:`, `^`, a lone `"`) is never an operator. Throws a
 * ParameterError naming `q` when it asks for nothing to find.
 */
export function parseSearchQuery(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /(-?)"([^"]*)"(\*?)|(\S+)/g;
  for (const match of q.matchAll(pattern)) {
    const [, minus, phrase, star, chunk] = match;
    if (phrase !== undefined) {
      const words = searchWords(phrase);
      if (words.length > 0) terms.push({ words, prefix: star === '*', exclude: minus === '-' });
      continue;
    }
    const exclude = chunk!.length > 1 && chunk!.startsWith('-');
    const prefix = /[\p{L}\p{N}]\*+$/u.test(foldArabic(chunk!));
    const words = searchWords(chunk!);
    if (words.length > 0) terms.push({ words, prefix, exclude });
  }
  if (!terms.some((term) => !term.exclude))
    throw new ParameterError('q', 'q must contain a word to find (letters or digits that are not excluded with -).');
  if (terms.length > MAX_QUERY_TERMS)
    throw new ParameterError('q', `q may hold at most ${MAX_QUERY_TERMS} words or phrases, not ${terms.length}.`);
  const short = terms.find((term) => term.prefix && [...term.words.at(-1)!].length < MIN_PREFIX_LENGTH);
  if (short)
    throw new ParameterError(
      'q',
      `q: a prefix (word*) needs at least ${MIN_PREFIX_LENGTH} letters before the *, not '${short.words.at(-1)}*'.`,
    );
  const prefixes = terms.filter((term) => term.prefix).length;
  if (prefixes > MAX_PREFIX_TERMS)
    throw new ParameterError('q', `q may hold at most ${MAX_PREFIX_TERMS} prefixes (word*), not ${prefixes}.`);
  return terms;
}
