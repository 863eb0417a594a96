import { validationError } from '../errors.js';
import type { Edition } from '../editions/edition.js';
import { isLanguageCode } from '../shared/locale.js';
import { ayahKey, type AyahText, type Surah } from './quran.js';

/** One edition as an import brings it: its licence metadata and the text of every ayah. */
export interface QuranEditionTexts {
  edition: Edition;
  texts: AyahText[];
}

/** An edition's metadata must say what it is, who to credit, under which licence, and where it came from. */
export function assertQuranEditionMetadata(edition: Edition): void {
  if (edition.resource !== 'quran' || edition.collection !== null)
    throw validationError('A Quran edition has resource quran and no collection.');
  if (!isLanguageCode(edition.lang))
    throw validationError(`lang '${edition.lang}' is not a lowercase BCP 47 language code.`);
  for (const field of ['name', 'attribution', 'license'] as const) {
    if (edition[field].trim() === '') throw validationError(`The edition's ${field} must not be empty.`);
  }
  if (!/^https?:\/\/\S+$/i.test(edition.sourceUrl))
    throw validationError(`The edition's source URL must be an http(s) URL, got '${edition.sourceUrl}'.`);
}

/**
 * An edition must give every ayah of the Quran exactly once, with non-empty text: a partial or
 * padded file is refused before anything is written.
 */
export function assertCompleteQuranEdition(surahs: Surah[], { edition, texts }: QuranEditionTexts): void {
  const label = `The '${edition.lang}' edition (${edition.name})`;
  const counts = new Map(surahs.map((surah) => [surah.id, surah.ayahCount]));
  const seen = new Set<string>();
  for (const { surah, ayah, text } of texts) {
    const key = ayahKey(surah, ayah);
    const count = counts.get(surah);
    if (count === undefined || !Number.isInteger(ayah) || ayah < 1 || ayah > count)
      throw validationError(`${label} has ayah ${key}, which the Quran does not have.`);
    if (seen.has(key)) throw validationError(`${label} gives ayah ${key} twice.`);
    if (typeof text !== 'string' || text.trim() === '') throw validationError(`${label} has no text for ayah ${key}.`);
    seen.add(key);
  }
  const expected = surahs.reduce((sum, surah) => sum + surah.ayahCount, 0);
  if (seen.size !== expected) {
    const missing = surahs
      .flatMap((surah) => Array.from({ length: surah.ayahCount }, (_, i) => ayahKey(surah.id, i + 1)))
      .find((key) => !seen.has(key));
    throw validationError(`${label} covers ${seen.size} of the ${expected} ayahs; the first missing is ${missing}.`);
  }
}
