import type { ApiKeyRecord } from '../keys/api-key.js';
import { notFound } from '../errors.js';
import { parseTranslationsParameter } from '../shared/locale.js';
import { canSeeUnpublished } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';
import { ayahKey, type Ayah, type Surah } from './quran.js';
import type { AyahQuery } from './quran-store.js';

type QuranReadStores = Pick<Stores, 'quran'>;

export interface AyahReadInput {
  /** The raw `translations` query value (`en,ru,tr`); absent: every language the ayah has. */
  translations?: string;
  /** The reader's key: unpublished ayahs are shown only to keys that may write. */
  viewer: Pick<ApiKeyRecord, 'permissions'> | null;
}

export async function listSurahs(stores: QuranReadStores): Promise<Surah[]> {
  return stores.quran.listSurahs();
}

export async function requireSurah(stores: QuranReadStores, id: number): Promise<Surah> {
  const surah = await stores.quran.getSurah(id);
  if (!surah) throw notFound(`There is no surah ${id}.`);
  return surah;
}

export async function listSurahAyahs(stores: QuranReadStores, surah: number, input: AyahReadInput): Promise<Ayah[]> {
  const locales = parseTranslationsParameter(input.translations);
  const ayahs = await stores.quran.listAyahs(surah, { locales, includeUnpublished: canSeeUnpublished(input.viewer) });
  // Only an empty list needs the surah looked up: an unknown surah is a 404, not an empty list.
  if (ayahs.length === 0) await requireSurah(stores, surah);
  return ayahs;
}

export async function getAyah(
  stores: QuranReadStores,
  surah: number,
  ayah: number,
  input: AyahReadInput,
): Promise<Ayah> {
  const locales = parseTranslationsParameter(input.translations);
  const found = await stores.quran.getAyah(surah, ayah, { locales });
  const editor = canSeeUnpublished(input.viewer);
  if (found && (found.published || editor)) return found;
  // A reader is told the same of an unpublished ayah as of one that does not exist (issue 26, point 11); an
  // unknown surah is a 404 of its own for both, as the surahs are public.
  if (!editor) {
    const known = await requireSurah(stores, surah);
    throw notFound(`Ayah ${ayahKey(surah, ayah)} is not available: surah ${surah} has ${known.ayahCount} ayahs.`);
  }
  throw await missingAyah(stores, surah, ayah);
}

/** Editors' reads: the ayah with every translation, published or not; 404 when it does not exist. */
export async function requireAyah(
  stores: QuranReadStores,
  surah: number,
  ayah: number,
  query: AyahQuery = {},
): Promise<Ayah> {
  const found = await stores.quran.getAyah(surah, ayah, query);
  if (!found) throw await missingAyah(stores, surah, ayah);
  return found;
}

async function missingAyah(stores: QuranReadStores, surah: number, ayah: number) {
  const known = await requireSurah(stores, surah);
  return notFound(`Surah ${surah} has no ayah ${ayah}: it has ${known.ayahCount} ayahs.`);
}
