import { IMPORT_ACTION } from '../audit/audit-entry.js';
import type { Restorer } from '../audit/restorer.js';
import type { AuditTargetOf } from '../audit/audit-target.js';
import { translationOf } from '../audit/snapshots.js';
import { validationError } from '../errors.js';
import type { Translation } from '../shared/translation.js';
import type { Stores } from '../shared/unit-of-work.js';
import { hadithMetadataOf, type Hadith } from './hadith.js';
import type { ImportedHadith } from './hadith-import-store.js';
import { hadithNumberKey } from './hadith-numbers.js';

/**
 * A hadith as an import found it before changing or removing it (issue 26): the whole record, each
 * translation with its `updatedAt`, its source hash and the number keys that lead to it, which is
 * everything needed to put it back, or to make it again after a removal.
 */
export interface HadithRecordSnapshot {
  hadith: Hadith;
  translations: Translation[];
  sourceHash: string | null;
  numberKeys: [string, number][];
}

/** An edited record an import changes or removes, as its summary and `--dry-run` list it. */
export interface EditedRecordChange {
  number: string;
  sequence: number;
  change: 'changed' | 'removed';
}

/**
 * The sequences of a collection's hadiths edited through the API: those any audit entry other than an
 * import names (a translation or metadata write, or a rollback of one).
 */
export async function editedSequences(stores: Stores, collection: string): Promise<Set<number>> {
  const sequences = new Set<number>();
  for (const entry of await stores.audit.list({ resourcePrefix: `hadith/${collection}/` })) {
    const target = entry.target;
    if (entry.action === IMPORT_ACTION || target === null) continue;
    if ((target.type !== 'hadith' && target.type !== 'hadith-translation') || target.collection !== collection)
      continue;
    const sequence =
      typeof target.number === 'number'
        ? target.number
        : await stores.hadith.resolveNumber(collection, hadithNumberKey(target.number));
    if (sequence !== undefined) sequences.add(sequence);
  }
  return sequences;
}

/** Snapshots of the given hadiths as stored now, by sequence (null: there is none). */
export async function recordSnapshots(
  stores: Stores,
  collection: string,
  sequences: readonly number[],
): Promise<Record<string, HadithRecordSnapshot | null>> {
  if (sequences.length === 0) return {};
  const hashes = await stores.hadithImports.sourceHashes(collection);
  const keys = [...(await stores.hadithImports.numberKeys(collection))];
  const records: Record<string, HadithRecordSnapshot | null> = {};
  for (const sequence of sequences) {
    const hadith = await stores.hadith.getHadith(collection, sequence);
    if (!hadith) {
      records[sequence] = null;
      continue;
    }
    const translations: Translation[] = [];
    for (const locale of Object.keys(hadith.translations).sort()) {
      const translation = await stores.hadith.getTranslation(collection, sequence, locale);
      if (translation) translations.push(translation);
    }
    records[sequence] = {
      hadith,
      translations,
      sourceHash: hashes.get(sequence) ?? null,
      numberKeys: keys.filter(([, target]) => target === sequence),
    };
  }
  // Stored as JSON in the audit log: compared after a round trip, so made one now.
  return JSON.parse(JSON.stringify(records)) as Record<string, HadithRecordSnapshot | null>;
}

const recordsOf = (snapshot: unknown): Record<string, HadithRecordSnapshot | null> | undefined => {
  const records = (snapshot as { records?: unknown } | null | undefined)?.records;
  return records !== null && typeof records === 'object'
    ? (records as Record<string, HadithRecordSnapshot>)
    : undefined;
};

/**
 * Rolls back an import of a collection (issue 26): puts back the records edited through the API that it
 * changed or removed, as its entry's `before.records` holds them (translations with their `updatedAt`,
 * metadata, and a removed hadith made again with its numbers). The other records it wrote stay as
 * imported. An import entry without per-record snapshots (older, or one that touched no edited record)
 * cannot be rolled back.
 */
export const hadithImportRestorer: Restorer<AuditTargetOf<'hadith-collection'>> = {
  async current(stores, target, hint) {
    const records = recordsOf(hint);
    if (records === undefined) return null;
    return { records: await recordSnapshots(stores, target.collection, Object.keys(records).map(Number)) };
  },
  comparable: (snapshot) => recordsOf(snapshot) ?? null,
  async restore(stores, target, snapshot) {
    const records = recordsOf(snapshot);
    if (records === undefined || Object.keys(records).length === 0)
      throw validationError(
        `This import of hadith/${target.collection} changed no record edited through the API (or predates ` +
          'per-record snapshots): there is nothing to restore.',
      );
    for (const [key, record] of Object.entries(records)) {
      if (record !== null) await restoreRecord(stores, target.collection, Number(key), record);
    }
  },
};

async function restoreRecord(stores: Stores, collection: string, sequence: number, record: HadithRecordSnapshot) {
  const { hadith } = record;
  if (!(await stores.hadith.getHadith(collection, sequence, { locales: [] }))) {
    const remade: ImportedHadith = {
      sequence,
      number: hadith.number,
      citation: hadith.reference.citation,
      inBook: hadith.reference.inBook,
      grade: hadith.grade,
      grades: hadith.grades,
      textAr: hadith.text_ar,
      narrator: hadith.narrator,
      bookNumber: hadith.book?.number ?? null,
      sourceHash: record.sourceHash ?? '',
      translations: {},
    };
    await stores.hadithImports.writeImported(collection, [remade], record.translations[0]?.updatedAt ?? '');
    const keys = await stores.hadithImports.numberKeys(collection);
    for (const [numberKey] of record.numberKeys) if (!keys.has(numberKey)) keys.set(numberKey, sequence);
    await stores.hadithImports.replaceNumberKeys(collection, keys);
  }
  await stores.hadith.setMetadata(collection, sequence, hadithMetadataOf(hadith));
  const now = await stores.hadith.getHadith(collection, sequence);
  const wanted = new Set(record.translations.map((translation) => translation.locale));
  for (const locale of Object.keys(now?.translations ?? {}))
    if (!wanted.has(locale)) await stores.hadith.deleteTranslation(collection, sequence, locale);
  for (const translation of record.translations)
    await stores.hadith.putTranslation(collection, sequence, translationOf(translation)!);
}
