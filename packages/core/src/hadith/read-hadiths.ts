import { notFound } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import type { ApiKeyRecord } from '../keys/api-key.js';
import { parseTranslationsParameter } from '../shared/locale.js';
import { canSeeUnpublished } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';
import type { Hadith, HadithCollection, HadithCollectionInfo, HadithPage } from './hadith.js';
import type { HadithQuery } from './hadith-store.js';

type HadithReadStores = Pick<Stores, 'hadith'>;

export const HADITH_PAGE_LIMIT = { default: 20, min: 1, max: 100 } as const;

export interface HadithReadInput {
  /** The raw `translations` query value (`en,ru`); absent: every language the hadith has. */
  translations?: string;
  /** The reader's key: unpublished hadiths are shown only to keys that may write. */
  viewer: Pick<ApiKeyRecord, 'permissions'> | null;
}

export interface HadithPageInput extends HadithReadInput {
  limit?: number;
  /** The last number already seen; absent or 0: from the start. */
  startAfter?: number;
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
): Promise<HadithPage> {
  const limit = input.limit ?? HADITH_PAGE_LIMIT.default;
  const startAfter = input.startAfter ?? 0;
  if (!Number.isInteger(limit) || limit < HADITH_PAGE_LIMIT.min || limit > HADITH_PAGE_LIMIT.max) {
    throw parameterError(
      'limit',
      `limit must be an integer from ${HADITH_PAGE_LIMIT.min} to ${HADITH_PAGE_LIMIT.max}.`,
    );
  }
  if (!Number.isInteger(startAfter) || startAfter < 0)
    throw parameterError('startAfter', 'startAfter must be a hadith number (an integer ≥ 0).');
  const locales = parseTranslationsParameter(input.translations);
  // One more than asked tells whether another page follows, so the last page already says null.
  const found = await stores.hadith.listHadiths(collection, {
    startAfter,
    limit: limit + 1,
    locales,
    includeUnpublished: canSeeUnpublished(input.viewer),
  });
  // Only an empty page needs the collection looked up: an unknown one is a 404, not an empty page.
  if (found.length === 0) await requireHadithCollection(stores, collection);
  const items = found.slice(0, limit);
  return { items, nextStartAfter: found.length > limit ? items.at(-1)!.number : null };
}

export async function getHadith(
  stores: HadithReadStores,
  collection: string,
  number: number,
  input: HadithReadInput,
): Promise<Hadith> {
  const locales = parseTranslationsParameter(input.translations);
  const found = await stores.hadith.getHadith(collection, number, { locales });
  if (found && (found.published || canSeeUnpublished(input.viewer))) return found;
  if (found) throw notFound(`Hadith ${collection}/${number} is not available.`);
  throw await missingHadith(stores, collection, number);
}

/** Editors' reads: the hadith with every translation, published or not; 404 when it does not exist. */
export async function requireHadith(
  stores: HadithReadStores,
  collection: string,
  number: number,
  query: HadithQuery = {},
): Promise<Hadith> {
  const found = await stores.hadith.getHadith(collection, number, query);
  if (!found) throw await missingHadith(stores, collection, number);
  return found;
}

async function missingHadith(stores: HadithReadStores, collection: string, number: number) {
  await requireHadithCollection(stores, collection);
  return notFound(`The collection '${collection}' has no hadith number ${number}.`);
}

const missingCollection = (collection: string) => notFound(`There is no hadith collection '${collection}'.`);
