import { validationError } from '../errors.js';
import type { AyahText } from '../quran/quran.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import type { QuranScript, QuranWord, SurahFacts } from './quran-study.js';

/** The words of the Quranic Arabic Corpus (shared/data README §5): the import refuses any other count. */
export const QURAN_WORD_COUNT = 77_429;
/** Ayahs of the Hafs reading. */
export const QURAN_AYAH_COUNT = 6_236;

export interface StudyImportResult {
  changed: boolean;
  count: number;
}

/** Imports Tanzil's surah facts: 114 surahs, revelation orders a permutation of 1..114. */
export async function importSurahFacts(
  deps: { unitOfWork: UnitOfWork },
  facts: SurahFacts[],
): Promise<StudyImportResult> {
  const surahs = facts.map((fact) => fact.surah).sort((a, b) => a - b);
  const orders = facts.map((fact) => fact.revelationOrder).sort((a, b) => a - b);
  const oneTo114 = Array.from({ length: 114 }, (_, i) => i + 1);
  if (surahs.join() !== oneTo114.join() || orders.join() !== oneTo114.join())
    throw validationError('The surah facts must name surahs 1..114 once each, with revelation orders 1..114.');
  const changed = await deps.unitOfWork.run((stores) => stores.quranStudy.replaceSurahFacts(facts));
  return { changed, count: facts.length };
}

/** Imports the ayahs in another script: every ayah of the stored Quran once. */
export async function importScriptText(
  deps: { unitOfWork: UnitOfWork },
  script: QuranScript,
  texts: AyahText[],
): Promise<StudyImportResult> {
  if (script === 'uthmani') throw validationError('The Uthmani text is the ayahs’ own; import it with the Quran.');
  return deps.unitOfWork.run(async (stores) => {
    await assertEveryAyah(stores.quran.listSurahs(), texts, `The ${script} text`);
    return { changed: await stores.quranStudy.replaceScriptTexts(script, texts), count: texts.length };
  });
}

/**
 * Imports the corpus's words: exactly QURAN_WORD_COUNT, each ayah of the stored Quran covered by
 * words numbered 1..n in order; anything else is refused and nothing is written.
 */
export async function importQuranWords(
  deps: { unitOfWork: UnitOfWork },
  words: QuranWord[],
): Promise<StudyImportResult> {
  if (words.length !== QURAN_WORD_COUNT)
    throw validationError(`The corpus gives ${words.length} words; the Quran has ${QURAN_WORD_COUNT}.`);
  const perAyah = new Map<string, number>();
  for (const word of words) {
    const key = `${word.surah}:${word.ayah}`;
    const expected = (perAyah.get(key) ?? 0) + 1;
    if (word.position !== expected)
      throw validationError(`Word ${key}:${word.position} is out of order: ${key}:${expected} was expected.`);
    perAyah.set(key, expected);
  }
  return deps.unitOfWork.run(async (stores) => {
    const refs = [...perAyah.keys()].map((key) => {
      const [surah, ayah] = key.split(':').map(Number) as [number, number];
      return { surah, ayah, text: '' };
    });
    await assertEveryAyah(stores.quran.listSurahs(), refs, 'The words');
    return { changed: await stores.quranStudy.replaceWords(words), count: words.length };
  });
}

async function assertEveryAyah(
  surahsPromise: Promise<{ id: number; ayahCount: number }[]>,
  texts: { surah: number; ayah: number }[],
  what: string,
): Promise<void> {
  const surahs = await surahsPromise;
  if (surahs.length === 0) throw validationError(`${what} needs the Quran imported first.`);
  const expected = surahs.flatMap((surah) => Array.from({ length: surah.ayahCount }, (_, i) => `${surah.id}:${i + 1}`));
  const given = texts.map((text) => `${text.surah}:${text.ayah}`);
  if (given.length !== QURAN_AYAH_COUNT || given.join() !== expected.join()) {
    const missing = expected.find((key) => !given.includes(key));
    throw validationError(
      `${what} covers ${new Set(given).size} ayahs, not the ${expected.length} of the Quran in order` +
        (missing ? ` (${missing} has none).` : '.'),
    );
  }
}
