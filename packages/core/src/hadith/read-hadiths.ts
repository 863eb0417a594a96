import { notFound } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import type { ApiKeyRecord } from '../keys/api-key.js';
import { parseTranslationsParameter } from '../shared/locale.js';
import { canSeeUnpublished } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';
import type { Hadith, HadithBookSummary, HadithCollection, HadithCollectionInfo, HadithPage } from './hadith.js';
import type { HadithQuery } from './hadith-store.js';
import { hadithNumberKey } from './hadith-numbers.js';

type HadithReadStores = Pick<Stores, 'hadith'>;

export const HADITH_PAGE_LIMIT = { default: 20, min: 1, max: 100 } as const;

/**
 * A well-formed hadith number as a path or cursor gives it: letters, digits, spaces and the
 * punctuation sunnah.com's numbers use (`8a`, `5709-5712`, `Introduction 53`, `2913/2914a`,
 * `1205 (Book 3, Hadith 45)`).
 */
export const HADITH_NUMBER_PATTERN = "^[A-Za-z0-9 ,./()#'-]{1,80}$";
const hadithNumberPattern = new RegExp(HADITH_NUMBER_PATTERN);

/** Batch lookups (`GET /hadith/refs`): how many references one request may name. */
export const HADITH_REFS_LIMIT = 100;

export interface HadithReadInput {
  /** The raw `translations` query value (`en,ru`); absent: every language the hadith has. */
  translations?: string;
  /** The reader's key: unpublished hadiths are shown only to keys that may write. */
  viewer: Pick<ApiKeyRecord, 'permissions'> | null;
}

export interface HadithPageInput extends HadithReadInput {
  limit?: number;
  /** The `number` of the last hadith already seen; absent: from the start. */
  startAfter?: string;
}

export async function listHadithCollections(stores: HadithReadStores): Promise<HadithCollection[]> {
  return stores.hadith.listCollections();
}

export async function getHadithCollection(stores: HadithReadStores, collection: string): Promise<HadithCollection> {
  const [found] = await stores.hadith.listCollections(collection);
  if (!found) throw missingCollection(collection);
  return found;
}

async function requireHadithCollection(stores: HadithReadStores, collection: string): Promise<HadithCollectionInfo> {
  const found = await stores.hadith.getCollectionInfo(collection);
  if (!found) throw missingCollection(collection);
  return found;
}

/** One page by keyset: the hadiths numbered above `startAfter`, and the cursor of the next page (null at the end). */
export async function listCollectionHadiths(
  stores: HadithReadStores,
  collection: string,
  input: HadithPageInput,
  book?: number,
): Promise<HadithPage> {
  const limit = input.limit ?? HADITH_PAGE_LIMIT.default;
  if (!Number.isInteger(limit) || limit < HADITH_PAGE_LIMIT.min || limit > HADITH_PAGE_LIMIT.max) {
    throw parameterError(
      'limit',
      `limit must be an integer from ${HADITH_PAGE_LIMIT.min} to ${HADITH_PAGE_LIMIT.max}.`,
    );
  }
  let startAfter = 0;
  if (input.startAfter !== undefined) {
    assertWellFormedNumber('startAfter', input.startAfter);
    // One read finds the cited hadith and whether it is published; the collection is looked up only when none is.
    const cited = await stores.hadith.getHadithByNumber(collection, hadithNumberKey(input.startAfter), { locales: [] });
    if (!cited) await requireHadithCollection(stores, collection);
    // An unpublished number is, to a reader, no number at all (issue 26, point 11).
    if (!cited || !(cited.published || canSeeUnpublished(input.viewer)))
      throw parameterError('startAfter', `startAfter '${input.startAfter}' is not a number of '${collection}'.`);
    startAfter = cited.sequence;
  }
  const locales = parseTranslationsParameter(input.translations);
  // One more than asked tells whether another page follows, so the last page already says null.
  const found = await stores.hadith.listHadiths(collection, {
    startAfter,
    limit: limit + 1,
    locales,
    includeUnpublished: canSeeUnpublished(input.viewer),
    ...(book === undefined ? {} : { book }),
  });
  // Only an empty page needs the collection looked up: an unknown one is a 404, not an empty page.
  if (found.length === 0) await requireHadithCollection(stores, collection);
  if (found.length === 0 && book !== undefined) await requireHadithBook(stores, collection, book);
  const items = found.slice(0, limit);
  return { items, nextStartAfter: found.length > limit ? items.at(-1)!.number : null };
}

/** The books of a collection (CONTRACT §21), each with the span and count of its published hadiths. */
export async function listHadithBooks(stores: HadithReadStores, collection: string): Promise<HadithBookSummary[]> {
  const books = await stores.hadith.listBookSummaries(collection);
  if (books.length === 0) await requireHadithCollection(stores, collection);
  return books;
}

/** A page of one book's hadiths, as listCollectionHadiths pages a collection; an unknown book is a 404. */
export async function listBookHadiths(
  stores: HadithReadStores,
  collection: string,
  book: number,
  input: HadithPageInput,
): Promise<HadithPage> {
  return listCollectionHadiths(stores, collection, input, book);
}

async function requireHadithBook(stores: HadithReadStores, collection: string, book: number): Promise<void> {
  const books = await stores.hadith.listBooks(collection);
  if (!books.some((candidate) => candidate.number === book))
    throw notFound(`The collection '${collection}' has no book ${book}.`);
}

export async function getHadith(
  stores: HadithReadStores,
  collection: string,
  number: string,
  input: HadithReadInput,
): Promise<Hadith> {
  const locales = parseTranslationsParameter(input.translations);
  assertWellFormedNumber('number', number);
  const found = await stores.hadith.getHadithByNumber(collection, hadithNumberKey(number), { locales });
  if (found && (found.published || canSeeUnpublished(input.viewer))) return found;
  if (!found) await requireHadithCollection(stores, collection);
  throw unavailableHadith(collection, number);
}

/**
 * What a reader is told of a hadith number that is not published, and of one that does not exist: the same 404
 * and message (issue 26, point 11), so that unpublished numbers cannot be told from missing ones.
 */
const unavailableHadith = (collection: string, number: string) =>
  notFound(`The collection '${collection}' has no hadith number '${number}' available.`);

/**
 * The sequence of the hadith a cited number names (CONTRACT §10: case and whitespace ignored, a
 * single number inside a range or list, a number without its letter): 400 when malformed, 404
 * when the collection or the number is unknown.
 */
export async function resolveHadithNumber(
  stores: HadithReadStores,
  collection: string,
  number: string,
  field = 'number',
): Promise<number> {
  assertWellFormedNumber(field, number);
  const sequence = await stores.hadith.resolveNumber(collection, hadithNumberKey(number));
  if (sequence !== undefined) return sequence;
  await requireHadithCollection(stores, collection);
  throw unavailableHadith(collection, number);
}

/** Editors' reads: the hadith with every translation, published or not; 404 when it does not exist. */
export async function requireHadith(
  stores: HadithReadStores,
  collection: string,
  sequence: number,
  query: HadithQuery = {},
): Promise<Hadith> {
  const found = await stores.hadith.getHadith(collection, sequence, query);
  if (!found) throw notFound(`The collection '${collection}' has no hadith at position ${sequence}.`);
  return found;
}

export interface HadithRefResult {
  ref: string;
  hadith: Hadith | null;
}

/**
 * Batch lookup (`refs=bukhari:52,muslim:8a`): each reference answered in order, null where no
 * (published) hadith has it. 1 to HADITH_REFS_LIMIT references; a malformed one is a 400.
 */
export async function lookupHadithRefs(
  stores: HadithReadStores,
  refs: string,
  input: HadithReadInput,
): Promise<HadithRefResult[]> {
  const parts = refs.split(',').map((part) => part.trim());
  if (parts.length > HADITH_REFS_LIMIT)
    throw parameterError('refs', `refs names ${parts.length} references; at most ${HADITH_REFS_LIMIT} are allowed.`);
  const locales = parseTranslationsParameter(input.translations);
  const parsed = parts.map((ref) => {
    const match = /^([a-z0-9-]+):(.+)$/.exec(ref);
    if (!match || !hadithNumberPattern.test(match[2]!))
      throw parameterError('refs', `refs holds '${ref}', which is not a reference like bukhari:52 or muslim:8a.`);
    return { ref, collection: match[1]!, number: match[2]! };
  });
  const results: HadithRefResult[] = [];
  for (const { ref, collection, number } of parsed) {
    const found = await stores.hadith.getHadithByNumber(collection, hadithNumberKey(number), { locales });
    results.push({ ref, hadith: found && (found.published || canSeeUnpublished(input.viewer)) ? found : null });
  }
  return results;
}

function assertWellFormedNumber(field: string, number: string): void {
  if (!hadithNumberPattern.test(number))
    throw parameterError(field, `${field} '${number}' is not a hadith number (like 52, 8a or Introduction 53).`);
}

const missingCollection = (collection: string) => notFound(`There is no hadith collection '${collection}'.`);
