import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { IMPORT_ACTION, OPERATOR_ACTOR } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import type { Edition } from '../editions/edition.js';
import { saveEditionIfChanged } from '../editions/save-edition.js';
import { validationError } from '../errors.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { splitGrade, type HadithBook, type HadithCollectionInfo } from './hadith.js';
import type { ImportedHadith } from './hadith-import-store.js';
import { assignHadithNumbers } from './hadith-numbers.js';
import { editedSequences, recordSnapshots, type EditedRecordChange } from './import-snapshots.js';

/**
 * One hadith as a source gives it: what an import writes, less the hash the import computes, and with
 * `number` null where the source gives none (the import names it, see assignHadithNumbers).
 */
export type SourceHadith = Omit<ImportedHadith, 'number' | 'sourceHash'> & { number: string | null };

/** A whole collection as read from a source, with the editions (licences) its texts belong to. */
export interface HadithSourceCollection {
  info: HadithCollectionInfo;
  books: HadithBook[];
  hadiths: SourceHadith[];
  editions: Edition[];
  /** What joining the source's parts found (absent: a source of one part). */
  report?: HadithSourceReport;
}

/** What a reader found while joining the texts with their numbers and grades. */
export interface HadithSourceReport {
  /** Records whose Arabic differs between the joined sources (after normalising). */
  disagreements: number;
  /** Records whose reference held no number the reader understood. */
  unparsableReferences: number;
  /** Grade fields that look like a grade but could not be read as one (stored as null). */
  unparsableGrades: number;
  /** Grade fields holding something else (e.g. a copy of the English text); stored as null. */
  notGrades: number;
}

export interface HadithImportSummary {
  collection: string;
  /** Hadiths in the source. */
  hadiths: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  books: number;
  numbering: HadithCollectionInfo['numbering'];
  /** Distinct whole numbers some hadith answers to. */
  numbersCovered: number;
  /** Hadiths whose source number was repeated or missing and was made unique. */
  numbersMadeUnique: number;
  /** Numbers kept as they are but not read as single numbers or ranges. */
  unparsableNumbers: number;
  /** Hadiths with a grade in the source. */
  graded: number;
  report: HadithSourceReport | null;
  /** Whether anything at all was written (false: the database is as it was). */
  changed: boolean;
  /** The import's audit entry, when it changed something. */
  auditEntryId: number | null;
  /**
   * The records edited through the API that the import changes or removes (issue 26); the audit entry keeps
   * a before-snapshot of each, so `audit rollback` of it puts them back.
   */
  editedRecords: EditedRecordChange[];
  /** True when nothing was written: `dryRun` asked what the import would do. */
  dryRun: boolean;
}

export interface HadithImportProgress {
  collection: string;
  written: number;
  toWrite: number;
}

export interface HadithImportOptions {
  onProgress?(progress: HadithImportProgress): void;
  /** Work out everything in the transaction, then roll it back: the summary says what would change. */
  dryRun?: boolean;
}

/** Thrown inside the unit of work to roll a dry run back, carrying what it found. */
class DryRun {
  constructor(readonly summary: HadithImportSummary) {}
}

/** Hadiths written per store call: the steps progress is reported in. */
const BATCH_SIZE = 1_000;

/**
 * Imports one collection in one transaction (all of it or nothing), writing only what differs
 * from the database: re-importing an unchanged source writes nothing, not even an audit entry.
 * A hadith whose source record is unchanged keeps every edit made through the API; one whose
 * source record changed gets the source's Arabic text, narrator, book and translations (its
 * grade, tags, notes and published flag stay). Hadiths beyond the source's count are removed.
 * A collection import that changed anything is audited once, with the operator as actor; the entry
 * keeps a before- and after-snapshot of every record edited through the API that it changed or
 * removed (issue 26), so `audit rollback` of it puts those back. `dryRun` writes nothing.
 */
export async function importHadithCollection(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  source: HadithSourceCollection,
  options: HadithImportOptions = {},
): Promise<HadithImportSummary> {
  assertNumberedFromOne(source);
  const slug = source.info.slug;
  const at = deps.clock.now().toISOString();
  const assigned = assignHadithNumbers(source.hadiths);
  const imported = source.hadiths.map((hadith, index) => toImportedHadith(hadith, assigned.numbers[index]!));
  const run = deps.unitOfWork.run(async (stores) => {
    const previousInfo = await stores.hadith.getCollectionInfo(slug);
    const hashes = await stores.hadithImports.sourceHashes(slug);
    const toWrite = imported.filter((hadith) => hashes.get(hadith.sequence) !== hadith.sourceHash);
    const edited = await editedSequences(stores, slug);
    const touched: { sequence: number; change: EditedRecordChange['change'] }[] = [
      ...toWrite
        .filter((hadith) => hashes.has(hadith.sequence) && edited.has(hadith.sequence))
        .map((hadith) => ({ sequence: hadith.sequence, change: 'changed' as const })),
      ...[...hashes.keys()]
        .filter((sequence) => sequence > imported.length && edited.has(sequence))
        .sort((a, b) => a - b)
        .map((sequence) => ({ sequence, change: 'removed' as const })),
    ];
    const beforeRecords = await recordSnapshots(
      stores,
      slug,
      touched.map((record) => record.sequence),
    );
    const editedRecords = touched.map(({ sequence, change }) => ({
      number: beforeRecords[sequence]!.hadith.number,
      sequence,
      change,
    }));
    let changed = false;
    if (!isDeepStrictEqual(previousInfo, source.info)) {
      await stores.hadithImports.saveCollectionInfo(source.info);
      changed = true;
    }
    if (!isDeepStrictEqual(await stores.hadith.listBooks(slug), sortedBooks(source.books))) {
      await stores.hadithImports.replaceBooks(slug, source.books);
      changed = true;
    }
    for (let start = 0; start < toWrite.length; start += BATCH_SIZE) {
      await stores.hadithImports.writeImported(slug, toWrite.slice(start, start + BATCH_SIZE), at);
      options.onProgress?.({
        collection: slug,
        written: Math.min(start + BATCH_SIZE, toWrite.length),
        toWrite: toWrite.length,
      });
    }
    const removed = await stores.hadithImports.deleteHadithsAfter(slug, imported.length);
    if (!isDeepStrictEqual(await stores.hadithImports.numberKeys(slug), assigned.keys)) {
      await stores.hadithImports.replaceNumberKeys(slug, assigned.keys);
      changed = true;
    }
    const editionsChanged = await saveEditions(stores, source.editions);
    const added = toWrite.filter((hadith) => !hashes.has(hadith.sequence)).length;
    const summary = {
      collection: slug,
      hadiths: imported.length,
      added,
      updated: toWrite.length - added,
      unchanged: imported.length - toWrite.length,
      removed,
      books: source.books.length,
      numbering: source.info.numbering,
      numbersCovered: assigned.numbersCovered,
      numbersMadeUnique: assigned.madeUnique,
      unparsableNumbers: assigned.unparsable,
      graded: source.hadiths.filter((hadith) => hadith.grade !== null).length,
      report: source.report ?? null,
      editedRecords,
    };
    changed ||= toWrite.length > 0 || removed > 0 || editionsChanged > 0;
    if (options.dryRun) throw new DryRun({ ...summary, changed, auditEntryId: null, dryRun: true });
    if (!changed) return { ...summary, changed, auditEntryId: null, dryRun: false };
    const afterRecords = await recordSnapshots(
      stores,
      slug,
      touched.map((record) => record.sequence),
    );
    const entry = await stores.audit.append({
      at,
      ...OPERATOR_ACTOR,
      action: IMPORT_ACTION,
      target: { type: 'hadith-collection', collection: slug },
      before: previousInfo ? { hadiths: hashes.size, records: beforeRecords } : null,
      after: { ...summary, editions: source.editions.map((edition) => edition.lang), records: afterRecords },
    });
    return { ...summary, changed, auditEntryId: entry.id, dryRun: false };
  });
  return run.catch((error: unknown) => {
    if (error instanceof DryRun) return error.summary;
    throw error;
  });
}

/** Identifies a source record: the import rewrites a hadith only when this changes. */
function sourceHashOf(hadith: Omit<ImportedHadith, 'sourceHash'>): string {
  const translations = Object.entries(hadith.translations).sort(([a], [b]) => (a < b ? -1 : 1));
  const { textAr, narrator, bookNumber, number, citation, inBook, grade, grades } = hadith;
  return createHash('sha256')
    .update(JSON.stringify([textAr, narrator, bookNumber, translations, number, citation, inBook, grade, grades]))
    .digest('base64url');
}

function toImportedHadith(hadith: SourceHadith, number: string): ImportedHadith {
  const imported = { ...hadith, number, grades: hadith.grades ?? splitGrade(hadith.grade) };
  return { ...imported, sourceHash: sourceHashOf(imported) };
}

async function saveEditions(stores: Stores, editions: Edition[]): Promise<number> {
  let changed = 0;
  for (const edition of editions) if ((await saveEditionIfChanged(stores.editions, edition)).changed) changed++;
  return changed;
}

const sortedBooks = (books: HadithBook[]) => [...books].sort((a, b) => a.number - b.number);

function assertNumberedFromOne(source: HadithSourceCollection): void {
  const wrong = source.hadiths.findIndex((hadith, index) => hadith.sequence !== index + 1);
  if (wrong !== -1)
    throw validationError(
      `The source of '${source.info.slug}' places its hadith ${wrong + 1} at ${source.hadiths[wrong]!.sequence}.`,
    );
  if (source.hadiths.length === 0) throw validationError(`The source of '${source.info.slug}' has no hadiths.`);
}
