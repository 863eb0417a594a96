import { notFound, validationError } from '../errors.js';
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

export async function getHadithCollection(stores: HadithReadStores, slug: string): Promise<HadithCollection> {
  const [found] = await stores.hadith.listCollections(slug);
  if (!found) throw missingCollection(slug);
  return found;
}

async function requireHadithCollection(stores: HadithReadStores, slug: string): Promise<HadithCollectionInfo> {
  const found = await stores.hadith.getCollectionInfo(slug);
  if (!found) throw missingCollection(slug);
  return found;
}

/** One page by keyset: the hadiths numbered above `startAfter`, and the cursor of the next page (null at the end). */
export async function listCollectionHadiths(stores: HadithReadStores, slug: string, input: HadithPageInput): Promise<HadithPage> {
  const limit = input.limit ?? HADITH_PAGE_LIMIT.default;
  const startAfter = input.startAfter ?? 0;
  if (!Number.isInteger(limit) || limit < HADITH_PAGE_LIMIT.min || limit > HADITH_PAGE_LIMIT.max) {
    throw validationError(`limit must be an integer from ${HADITH_PAGE_LIMIT.min} to ${HADITH_PAGE_LIMIT.max}.`);
  }
  if (!Number.isInteger(startAfter) || startAfter < 0) throw validationError('startAfter must be a hadith number (an integer ≥ 0).');
  const locales = parseTranslationsParameter(input.translations);
  // One more than asked tells whether another page follows, so the last page already says null.
  const found = await stores.hadith.listHadiths(slug, { startAfter, limit: limit + 1, locales, includeUnpublished: canSeeUnpublished(input.viewer) });
  // Only an empty page needs the collection looked up: an unknown one is a 404, not an empty page.
  if (found.length === 0) await requireHadithCollection(stores, slug);
  const items = found.slice(0, limit);
  return { items, nextStartAfter: found.length > limit ? items.at(-1)!.number : null };
}

export async function getHadith(stores: HadithReadStores, slug: string, number: number, input: HadithReadInput): Promise<Hadith> {
  const locales = parseTranslationsParameter(input.translations);
  const found = await stores.hadith.getHadith(slug, number, { locales });
  if (found && (found.published || canSeeUnpublished(input.viewer))) return found;
  if (found) throw notFound(`Hadith ${slug}/${number} is not available.`);
  throw await missingHadith(stores, slug, number);
}

/** Editors' reads: the hadith with every translation, published or not; 404 when it does not exist. */
export async function requireHadith(stores: HadithReadStores, slug: string, number: number, query: HadithQuery = {}): Promise<Hadith> {
  const found = await stores.hadith.getHadith(slug, number, query);
  if (!found) throw await missingHadith(stores, slug, number);
  return found;
}

async function missingHadith(stores: HadithReadStores, slug: string, number: number) {
  await requireHadithCollection(stores, slug);
  return notFound(`The collection '${slug}' has no hadith number ${number}.`);
}

const missingCollection = (slug: string) => notFound(`There is no hadith collection '${slug}'.`);
