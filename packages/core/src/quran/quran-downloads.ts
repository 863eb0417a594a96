import { downloadFieldsOf, MissingQuranEdition } from '../editions/edition.js';
import type { Stores } from '../shared/unit-of-work.js';
import { requireSurah } from './read-quran.js';

/** One ayah of an open download (CONTRACT §13): text only where the edition is public domain. */
export interface QuranDownloadEntry {
  surah: number;
  ayah: number;
  attribution: string;
  license: string;
  source_url: string;
  text: string | null;
}

/** The published ayahs of one edition, whole or one surah; 404 when the language has no edition. */
export async function downloadQuranEdition(
  stores: Pick<Stores, 'quran' | 'editions'>,
  lang: string,
  surah?: number,
): Promise<QuranDownloadEntry[]> {
  const edition = await stores.editions.get('quran', null, lang);
  if (!edition) throw new MissingQuranEdition(lang);
  if (surah !== undefined) await requireSurah(stores, surah);
  return (await stores.quran.listPublishedTexts(lang, surah)).map((entry) => ({
    surah: entry.surah,
    ayah: entry.ayah,
    ...downloadFieldsOf(edition, entry.text),
  }));
}
