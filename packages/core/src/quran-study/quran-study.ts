import type { AyahRef, AyahText } from '../quran/quran.js';

/** Facts of a surah from Tanzil's metadata (CONTRACT §21). */
export interface SurahFacts {
  surah: number;
  /** Its place in the order of revelation, 1..114. */
  revelationOrder: number;
  /** How many rukus (sections) it has. */
  rukus: number;
  /** The Madani mushaf pages it spans, first and last (1..604). */
  pages: { first: number; last: number };
}

/** One word of the Quranic Arabic Corpus, at `surah:ayah:position` (CONTRACT §21). */
export interface QuranWord extends AyahRef {
  position: number;
  /** The word in the corpus's Uthmani text (Tanzil Uthmani 1.0.2). */
  textAr: string;
  /** The corpus's English gloss, verbatim. */
  glossEn: string;
  /** Root and lemma in extended Buckwalter, as the corpus writes them; null where the word has none. */
  root: string | null;
  lemma: string | null;
  /** The part of speech of its (first) stem, e.g. `N`, `V`, `PN`. */
  pos: string;
  /** The corpus's morphology line for the word, verbatim (prefixes, stem features, suffixes). */
  features: string;
}

/** `2:255:3`. */
export interface WordRef extends AyahRef {
  position: number;
}

export const wordKey = (word: WordRef) => `${word.surah}:${word.ayah}:${word.position}`;

/** The scripts an ayah's Arabic is served in: `uthmani` (the stored ayah text) or `imlaei` (Tanzil Simple). */
export type QuranScript = 'uthmani' | 'imlaei';
export const QURAN_SCRIPTS: readonly QuranScript[] = ['uthmani', 'imlaei'];

/** What words are looked up by: a root or a lemma, in extended Buckwalter. */
export type WordField = 'root' | 'lemma';

/** How often a root or lemma occurs and under which lemmas (of a root) or root (of a lemma). */
export interface WordStats {
  occurrences: number;
  /** For a root: its lemmas; for a lemma: its roots (at most one). Sorted. */
  related: string[];
}

/** An ayah with a word of a root, and how many. */
export interface AyahWordCount extends AyahRef {
  count: number;
}

/**
 * Port: the Quran's study data, all of it from upstream datasets and read-only through the API:
 * surah facts, the ayahs in other scripts, and the words. Each replace writes only when the data
 * differs from what is stored and says whether it wrote.
 */
export interface QuranStudyStore {
  listSurahFacts(): Promise<SurahFacts[]>;
  replaceSurahFacts(facts: SurahFacts[]): Promise<boolean>;

  /** The ayahs from `from` to `to` (both included) in `script`, in order. */
  listScriptTexts(script: QuranScript, from: AyahRef, to: AyahRef): Promise<AyahText[]>;
  replaceScriptTexts(script: QuranScript, texts: AyahText[]): Promise<boolean>;

  /** The words of the ayahs from `from` to `to` (both included), in order. */
  listWords(from: AyahRef, to: AyahRef): Promise<QuranWord[]>;
  replaceWords(words: QuranWord[]): Promise<boolean>;
  /** Occurrences of a root or lemma; undefined when no word has it. */
  wordStats(field: WordField, value: string): Promise<WordStats | undefined>;
  /** Up to `limit` words with that root or lemma after `after`, in order. */
  wordLocations(field: WordField, value: string, after: WordRef | null, limit: number): Promise<WordRef[]>;
  /** Every ayah with a word of `root`, with how many such words, in mushaf order. */
  ayahsWithRoot(root: string): Promise<AyahWordCount[]>;
}
