import { downloadFieldsOf } from '../editions/edition.js';
import { notFound } from '../errors.js';
import type { Stores } from '../shared/unit-of-work.js';
import type { HadithDownloadEntry } from './hadith.js';

/**
 * The open download of one collection in one language (CONTRACT §13): one entry per published
 * hadith that has text in that language, each carrying the edition's licence. Public-domain
 * editions (the Arabic) give the text; translator-credited ones give `text: null`.
 */
export async function downloadHadithEdition(
  stores: Pick<Stores, 'hadith' | 'editions'>,
  collection: string,
  lang: string,
): Promise<HadithDownloadEntry[]> {
  const edition = await stores.editions.get('hadith', collection, lang);
  if (!edition) throw notFound(`There is no '${lang}' edition of the hadith collection '${collection}'.`);
  const texts = await stores.hadith.listPublishedTexts(collection, lang);
  return texts.map(({ number, sequence, text }) => ({
    collection,
    number,
    sequence,
    ...downloadFieldsOf(edition, text),
  }));
}
