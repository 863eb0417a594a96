import { IMPORT_ACTION, OPERATOR_ACTOR, type Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { saveEditionIfChanged } from '../editions/save-edition.js';
import { AppError, validationError } from '../errors.js';
import { ARABIC_LOCALE, assertWritableLocale } from '../shared/locale.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { assertCompleteQuranEdition, assertQuranEditionMetadata, type QuranEditionTexts } from './edition-texts.js';
import type { Surah } from './quran.js';
import { ayahTranslationSnapshots, editedAyahsChangedBy, type EditedAyahChange } from './quran-import-snapshots.js';

/** The whole Quran as a source gives it: surahs, the Arabic text and translations. */
export interface QuranSource {
  surahs: Surah[];
  arabic: QuranEditionTexts;
  translations: QuranEditionTexts[];
}

export interface QuranEditionImportResult {
  lang: string;
  name: string;
  ayahCount: number;
  /** Ayahs whose text was created or changed; 0 when the edition was already as given. */
  changedAyahs: number;
  metadataChanged: boolean;
  /** The summary audit entry; null when the import changed nothing (and so wrote nothing). */
  auditEntryId: number | null;
  /** Translations edited through the API that the import changes; its entry keeps them (issue 26). */
  editedRecords: EditedAyahChange[];
}

export interface QuranImportReport {
  surahCount: number;
  changedSurahs: number;
  editions: QuranEditionImportResult[];
}

export interface QuranImportOptions {
  actor?: Actor;
  /** Called after each edition is written (inside the transaction). */
  onProgress?: (done: number, total: number) => void;
  /** Work everything out in the transaction, then roll it back: the report says what would change. */
  dryRun?: boolean;
}

/** Thrown inside the unit of work to roll a dry run back, carrying what it found. */
class DryRun<T> {
  constructor(readonly result: T) {}
}

/** Runs `work` in a unit of work; with `dryRun`, rolls it back and gives what it returned. */
async function runOrDryRun<T>(
  unitOfWork: UnitOfWork,
  dryRun: boolean | undefined,
  work: (stores: Stores) => Promise<T>,
) {
  return unitOfWork
    .run(async (stores) => {
      const result = await work(stores);
      if (dryRun) throw new DryRun(result);
      return result;
    })
    .catch((error: unknown) => {
      if (error instanceof DryRun) return error.result as T;
      throw error;
    });
}

interface ImportDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
}

/**
 * Imports surahs, the Arabic text and translations in one transaction: all of it or nothing.
 * Re-importing the same source changes nothing; each edition that changed gets one summary audit entry.
 */
export async function importQuran(
  deps: ImportDeps,
  source: QuranSource,
  options: QuranImportOptions = {},
): Promise<QuranImportReport> {
  assertSurahCatalogue(source.surahs);
  if (source.arabic.edition.lang !== ARABIC_LOCALE)
    throw validationError(`The Arabic edition must have lang '${ARABIC_LOCALE}'.`);
  const langs = source.translations.map(({ edition }) => edition.lang);
  if (new Set(langs).size !== langs.length) throw validationError('The source gives one language twice.');
  source.translations.forEach(({ edition }) => assertWritableLocale(edition.lang));
  for (const editionTexts of [source.arabic, ...source.translations]) {
    assertQuranEditionMetadata(editionTexts.edition);
    assertCompleteQuranEdition(source.surahs, editionTexts);
  }

  const at = deps.clock.now().toISOString();
  const actor = options.actor ?? OPERATOR_ACTOR;
  const total = 1 + source.translations.length;
  return runOrDryRun(deps.unitOfWork, options.dryRun, async (stores) => {
    const changedSurahs = await stores.quran.upsertSurahs(source.surahs);
    const editions = [
      await writeEdition(stores, source.arabic, { at, actor, catalogueChanged: changedSurahs > 0 }, () =>
        stores.quran.putArabicTexts(source.arabic.texts),
      ),
    ];
    options.onProgress?.(1, total);
    for (const translation of source.translations) {
      editions.push(
        await writeEdition(stores, translation, { at, actor }, () =>
          stores.quran.putTranslations(translation.edition.lang, translation.texts, at),
        ),
      );
      options.onProgress?.(editions.length, total);
    }
    return { surahCount: source.surahs.length, changedSurahs, editions };
  });
}

/**
 * Imports one translation edition (e.g. Azerbaijani from a Tanzil file) over the stored Quran, in
 * one transaction. The file must give every ayah; its texts replace the language's stored ones.
 */
export async function importQuranTranslation(
  deps: ImportDeps,
  input: QuranEditionTexts,
  options: Pick<QuranImportOptions, 'actor' | 'dryRun'> = {},
): Promise<QuranEditionImportResult> {
  assertWritableLocale(input.edition.lang);
  assertQuranEditionMetadata(input.edition);
  const at = deps.clock.now().toISOString();
  return runOrDryRun(deps.unitOfWork, options.dryRun, async (stores) => {
    const surahs = await stores.quran.listSurahs();
    if (surahs.length === 0)
      throw new AppError('CONFLICT', 'The Quran is not imported yet: import it (import quran) before a translation.');
    assertCompleteQuranEdition(surahs, input);
    return writeEdition(stores, input, { at, actor: options.actor ?? OPERATOR_ACTOR }, () =>
      stores.quran.putTranslations(input.edition.lang, input.texts, at),
    );
  });
}

async function writeEdition(
  stores: Stores,
  { edition, texts }: QuranEditionTexts,
  context: { at: string; actor: Actor; catalogueChanged?: boolean },
  writeTexts: () => Promise<number>,
): Promise<QuranEditionImportResult> {
  const editedRecords = edition.lang === ARABIC_LOCALE ? [] : await editedAyahsChangedBy(stores, edition.lang, texts);
  const before = await ayahTranslationSnapshots(stores, edition.lang, editedRecords);
  const changedAyahs = await writeTexts();
  const { previous, changed: metadataChanged } = await saveEditionIfChanged(stores.editions, edition);
  const changed = changedAyahs > 0 || metadataChanged || context.catalogueChanged === true;
  // The edited translations it overwrote ride along as `records` beside the edition (issue 26).
  const withRecords = (edition: object | null, records: object) =>
    editedRecords.length === 0 ? edition : { ...edition, records };
  const entry = changed
    ? await stores.audit.append({
        at: context.at,
        ...context.actor,
        action: IMPORT_ACTION,
        target: { type: 'quran-edition', lang: edition.lang },
        before: withRecords(previous, before),
        after: withRecords(
          { ...edition, ayahCount: texts.length },
          await ayahTranslationSnapshots(stores, edition.lang, editedRecords),
        ),
      })
    : null;
  return {
    lang: edition.lang,
    name: edition.name,
    ayahCount: texts.length,
    changedAyahs,
    metadataChanged,
    auditEntryId: entry?.id ?? null,
    editedRecords,
  };
}

function assertSurahCatalogue(surahs: Surah[]): void {
  if (surahs.length === 0) throw validationError('The source has no surahs.');
  surahs.forEach((surah, index) => {
    const problem = surahProblem(surah, index + 1);
    if (problem) throw validationError(`Surah #${index + 1} of the source ${problem}.`);
  });
}

function surahProblem(surah: Surah, expectedId: number): string | undefined {
  if (surah.id !== expectedId) return `is numbered ${surah.id} where ${expectedId} was expected`;
  if (!Number.isInteger(surah.ayahCount) || surah.ayahCount < 1) return 'has no ayahs';
  if (
    [surah.nameAr, surah.nameEn, surah.transliteration].some((name) => typeof name !== 'string' || name.trim() === '')
  )
    return 'lacks a name';
  if (surah.revelationType !== 'meccan' && surah.revelationType !== 'medinan')
    return `has revelation type '${String(surah.revelationType)}'`;
  return undefined;
}
