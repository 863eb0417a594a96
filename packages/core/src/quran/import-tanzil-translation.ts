import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { assertWritableLocale } from '../shared/locale.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { importQuranTranslation, type QuranEditionImportResult } from './import-quran.js';
import { tanzilEdition, type EditionOverrides, type TanzilTranslation } from './tanzil-edition.js';

export interface TanzilImportInput {
  lang: string;
  /** The whole file as read (e.g. by @islamic-data/sources' readTanzilTranslation). */
  translation: TanzilTranslation;
  /** What the operator states about the edition; the rest comes from the file's header. */
  edition?: EditionOverrides;
  actor?: Actor;
  /** Work everything out, then write nothing. */
  dryRun?: boolean;
}

/**
 * Imports a Tanzil translation in one transaction, its edition built from the file's header and the
 * operator's overrides.
 */
export async function importTanzilTranslation(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  input: TanzilImportInput,
): Promise<QuranEditionImportResult> {
  assertWritableLocale(input.lang, 'lang');
  const edition = tanzilEdition(input.lang, input.translation.header, input.edition);
  return importQuranTranslation(
    deps,
    { edition, texts: input.translation.texts },
    { actor: input.actor, dryRun: input.dryRun },
  );
}
