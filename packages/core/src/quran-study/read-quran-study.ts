import { notFound } from '../errors.js';
import type { ApiKeyRecord } from '../keys/api-key.js';
import { SEARCH_LIMIT, searchQuran, type SearchInput } from '../search/search-content.js';
import { SNIPPET_MARK } from '../search/snippet.js';
import { canSeeUnpublished } from '../shared/translation.js';
import { parameterError } from '../parameter-error.js';
import type { Ayah, Surah } from '../quran/quran.js';
import type { Stores } from '../shared/unit-of-work.js';
import { fromBuckwalter, toBuckwalter } from './buckwalter.js';
import { wordKey, type QuranScript, type SurahFacts, type WordField, type WordRef } from './quran-study.js';

type StudyStores = Pick<Stores, 'quran' | 'quranStudy'>;

/** A credit carried wherever study data is served (CONTRACT §21). */
export interface StudyCredit {
  attribution: string;
  license: string;
  source_url: string;
}

/** The Quranic Arabic Corpus: GPL, verbatim, credited with a link to corpus.quran.com. */
export const CORPUS_CREDIT: StudyCredit = {
  attribution:
    'Quranic Arabic Corpus (morphology, version 0.4), Copyright (C) 2011 Kais Dukes, http://corpus.quran.com; ' +
    'words of the Tanzil Quran Text (Uthmani 1.0.2), http://tanzil.info',
  license: 'GNU General Public License (verbatim copies; changing it is not allowed)',
  source_url: 'http://corpus.quran.com',
};

/** Tanzil's Simple text 1.1: CC BY 3.0, verbatim, credited with a link to tanzil.net. */
export const IMLAEI_CREDIT: StudyCredit = {
  attribution: 'Tanzil Quran Text (Simple, Version 1.1), Copyright (C) 2007-2026 Tanzil Project, tanzil.net',
  license: 'CC BY 3.0 (verbatim copies; changing it is not allowed)',
  source_url: 'https://tanzil.net',
};

/** Tanzil's metadata 1.0: CC BY. */
export const METADATA_CREDIT: StudyCredit = {
  attribution: 'Tanzil Quran Metadata 1.0, Copyright (C) 2008-2009 Tanzil.info, tanzil.net',
  license: 'CC BY 3.0',
  source_url: 'https://tanzil.net',
};

/** A word as the API shows it. */
export interface ServedWord {
  position: number;
  text_ar: string;
  gloss: { en: string };
  root: string | null;
  lemma: string | null;
  pos: string;
  features: string;
}

export interface StudyAyahOptions {
  script?: QuranScript;
  words?: boolean;
}

export type StudyAyah<A extends Ayah> = A & {
  textCredit?: StudyCredit;
  words?: ServedWord[];
  wordsCredit?: StudyCredit;
};

/**
 * Ayahs (in order, any run of them) in the script asked for and, when asked, with their words.
 * 404 when the script or the words are not imported.
 */
export async function withStudy<A extends Ayah>(
  stores: StudyStores,
  ayahs: A[],
  options: StudyAyahOptions,
): Promise<StudyAyah<A>[]> {
  const script = options.script ?? 'uthmani';
  if ((script === 'uthmani' && !options.words) || ayahs.length === 0) return ayahs;
  const from = ayahs[0]!;
  const to = ayahs.at(-1)!;
  const texts =
    script === 'uthmani'
      ? null
      : new Map(
          (await stores.quranStudy.listScriptTexts(script, from, to)).map((t) => [`${t.surah}:${t.ayah}`, t.text]),
        );
  const words = new Map<string, ServedWord[]>();
  if (options.words) {
    for (const word of await stores.quranStudy.listWords(from, to)) {
      const key = `${word.surah}:${word.ayah}`;
      if (!words.has(key)) words.set(key, []);
      words.get(key)!.push({
        position: word.position,
        text_ar: word.textAr,
        gloss: { en: word.glossEn },
        root: word.root,
        lemma: word.lemma,
        pos: word.pos,
        features: word.features,
      });
    }
  }
  return ayahs.map((ayah) => {
    const key = `${ayah.surah}:${ayah.ayah}`;
    const served: StudyAyah<A> = { ...ayah };
    if (texts) {
      const text = texts.get(key);
      if (text === undefined) throw notFound(`The ${script} text of ${key} is not imported (import all).`);
      served.text_ar = text;
      served.textCredit = IMLAEI_CREDIT;
    }
    if (options.words) {
      const found = words.get(key);
      if (found === undefined) throw notFound(`The words of ${key} are not imported (import all).`);
      served.words = found;
      served.wordsCredit = CORPUS_CREDIT;
    }
    return served;
  });
}

export type SurahWithFacts = Surah & {
  revelationOrder: number | null;
  rukus: number | null;
  pages: SurahFacts['pages'] | null;
  factsCredit: StudyCredit | null;
};

/** The surahs with Tanzil's facts (null until the metadata is imported). */
export async function listSurahsWithFacts(stores: StudyStores): Promise<SurahWithFacts[]> {
  const facts = new Map((await stores.quranStudy.listSurahFacts()).map((fact) => [fact.surah, fact]));
  return (await stores.quran.listSurahs()).map((surah) => {
    const fact = facts.get(surah.id);
    return {
      ...surah,
      revelationOrder: fact?.revelationOrder ?? null,
      rukus: fact?.rukus ?? null,
      pages: fact ? { ...fact.pages } : null,
      factsCredit: fact ? METADATA_CREDIT : null,
    };
  });
}

export const WORD_PAGE_LIMIT = { default: 100, min: 1, max: 1000 } as const;

export interface WordOccurrences {
  root?: string;
  lemma?: string;
  /** The root in Arabic letters (a root's page). */
  rootAr?: string;
  occurrences: number;
  /** A root's lemmas (or a lemma's root), Buckwalter. */
  lemmas?: string[];
  roots?: string[];
  locations: string[];
  nextStartAfter: string | null;
  credit: StudyCredit;
}

const LOCATION = /^([1-9]\d{0,2}):([1-9]\d{0,2}):([1-9]\d{0,2})$/;

/**
 * A root (Arabic letters or Buckwalter) or a lemma (Buckwalter) with its occurrences and a page of
 * its locations after `startAfter` (`2:255:3`); 404 when no word has it.
 */
export async function wordOccurrences(
  stores: StudyStores,
  field: WordField,
  value: string,
  input: { limit?: number; startAfter?: string },
): Promise<WordOccurrences> {
  const limit = input.limit ?? WORD_PAGE_LIMIT.default;
  if (!Number.isInteger(limit) || limit < WORD_PAGE_LIMIT.min || limit > WORD_PAGE_LIMIT.max)
    throw parameterError('limit', `limit must be an integer from ${WORD_PAGE_LIMIT.min} to ${WORD_PAGE_LIMIT.max}.`);
  let after: WordRef | null = null;
  if (input.startAfter !== undefined) {
    const match = LOCATION.exec(input.startAfter);
    if (!match)
      throw parameterError('startAfter', `startAfter '${input.startAfter}' is not a word location like 2:255:3.`);
    after = { surah: Number(match[1]), ayah: Number(match[2]), position: Number(match[3]) };
  }
  const key = field === 'root' ? normaliseRoot(value) : value;
  const stats = key === null ? undefined : await stores.quranStudy.wordStats(field, key);
  if (key === null || stats === undefined)
    throw notFound(`No word of the Quranic Arabic Corpus has the ${field} '${value}'.`);
  const found = await stores.quranStudy.wordLocations(field, key, after, limit + 1);
  const page = found.slice(0, limit);
  const base = {
    occurrences: stats.occurrences,
    locations: page.map(wordKey),
    nextStartAfter: found.length > limit ? wordKey(page.at(-1)!) : null,
    credit: CORPUS_CREDIT,
  };
  return field === 'root'
    ? { root: key, rootAr: fromBuckwalter(key), lemmas: stats.related, ...base }
    : { lemma: key, roots: stats.related, ...base };
}

/** A root as the corpus keys it (Buckwalter): Arabic letters are transliterated; null when neither. */
export function normaliseRoot(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  if (/^[A-Za-z$*]{1,6}$/.test(compact)) return compact;
  if (/^[\u0621-\u064A]{1,6}$/.test(compact)) return toBuckwalter(compact);
  return null;
}

export interface RootSearchInput {
  root: string;
  limit?: number;
  startAfter?: string;
  surah?: number;
  viewer: Pick<ApiKeyRecord, 'permissions'> | null;
}

export interface RootSearchItem {
  key: string;
  surah: number;
  ayah: number;
  lang: string;
  snippet: string;
  /** How many of the ayah's words have the root. */
  rootWords: number;
}

/**
 * `/quran/search?root=`: every ayah with a word of the root, those with more such words first, then
 * in mushaf order; the snippet is the ayah's corpus words with the root's words marked. Paged as the
 * text search is (offset cursor, SEARCH_LIMIT).
 */
export async function searchQuranByRoot(
  stores: StudyStores,
  input: RootSearchInput,
): Promise<{ items: RootSearchItem[]; nextStartAfter: string | null; credit: StudyCredit }> {
  const limit = input.limit ?? SEARCH_LIMIT.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT.max)
    throw parameterError('limit', `limit must be an integer from 1 to ${SEARCH_LIMIT.max}.`);
  const offset = input.startAfter === undefined ? 0 : Number(input.startAfter);
  if (input.startAfter !== undefined && !/^\d{1,9}$/.test(input.startAfter))
    throw parameterError('startAfter', 'startAfter must be a nextStartAfter of an earlier page (a whole number).');
  const root = normaliseRoot(input.root);
  if (root === null)
    throw parameterError(
      'root',
      `root '${input.root}' is not a root in Arabic letters or Buckwalter (like رحم or rHm).`,
    );
  const ranked = (await stores.quranStudy.ayahsWithRoot(root))
    .filter((hit) => input.surah === undefined || hit.surah === input.surah)
    .sort((a, b) => b.count - a.count || a.surah - b.surah || a.ayah - b.ayah);
  const items: RootSearchItem[] = [];
  const mayWrite = canSeeUnpublished(input.viewer);
  for (const hit of ranked.slice(offset, offset + limit)) {
    if (!mayWrite && !(await stores.quran.getAyah(hit.surah, hit.ayah, { locales: [] }))?.published) continue;
    const words = await stores.quranStudy.listWords(hit, hit);
    const snippet = words
      .map((word) => (word.root === root ? `${SNIPPET_MARK.open}${word.textAr}${SNIPPET_MARK.close}` : word.textAr))
      .join(' ');
    items.push({
      key: `${hit.surah}:${hit.ayah}`,
      surah: hit.surah,
      ayah: hit.ayah,
      lang: 'ar',
      snippet,
      rootWords: hit.count,
    });
  }
  return { items, nextStartAfter: ranked.length > offset + limit ? `${offset + limit}` : null, credit: CORPUS_CREDIT };
}

/** `/quran/search`: by text (`q`) or by root (`root`), exactly one of them. */
export async function searchQuranTextOrRoot(
  stores: StudyStores,
  input: Omit<SearchInput, 'q'> & { q?: string; root?: string; surah?: number },
) {
  const { q, root, ...rest } = input;
  if ((q === undefined) === (root === undefined))
    throw parameterError(q === undefined ? 'q' : 'root', 'Give either q (text) or root, not both and not neither.');
  if (root === undefined) return searchQuran(stores, { ...rest, q: q! });
  if (rest.lang !== undefined && rest.lang !== 'ar')
    throw parameterError('lang', 'With root, lang can only be ar: roots are found in the Arabic.');
  return searchQuranByRoot(stores, { ...rest, root });
}
