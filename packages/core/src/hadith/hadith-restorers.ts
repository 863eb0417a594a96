import type { RecordRestorer } from '../audit/record-restorer.js';
import { validationError } from '../errors.js';
import { contentMetadataOf, metadataRestorer, translationRestorer } from '../shared/translation-and-metadata-restorers.js';
import type { HadithMetadata } from './hadith.js';
import { hadithTranslations, type HadithRef } from './write-hadiths.js';

/** Parses the resources `hadithAuditResource` writes: `hadith/{collection}/{number}` and `.../translations/{locale}`. */
const HADITH = /^hadith\/([^/]+)\/(\d+)$/;
const HADITH_TRANSLATION = /^hadith\/([^/]+)\/(\d+)\/translations\/([^/]+)$/;

const describe = ({ collection, number }: HadithRef) => `Hadith ${collection}/${number}`;

/** Rolls back `translation.put` / `translation.delete` of a hadith. */
const hadithTranslationRestorer: RecordRestorer = translationRestorer<HadithRef>({
  parse(resource) {
    const match = HADITH_TRANSLATION.exec(resource);
    return match ? { ref: { collection: match[1]!, number: Number(match[2]) }, locale: match[3]! } : undefined;
  },
  translationsOf: hadithTranslations,
});

/** Rolls back `metadata.patch` of a hadith: narrator, grade, tags, notes and published flag. */
const hadithMetadataRestorer: RecordRestorer = metadataRestorer<HadithRef, HadithMetadata>({
  parse(resource) {
    const match = HADITH.exec(resource);
    return match ? { collection: match[1]!, number: Number(match[2]) } : undefined;
  },
  describe,
  // The whole hadith with every translation, as patchHadithMetadata snapshots it.
  get: (stores, { collection, number }) => stores.hadith.getHadith(collection, number),
  metadataOf: hadithMetadataOfSnapshot,
  set: (stores, { collection, number }, metadata) => stores.hadith.setMetadata(collection, number, metadata),
});

/** `hadithMetadataOf` for an audit snapshot, which is a stored JSON copy of a hadith. */
function hadithMetadataOfSnapshot(snapshot: unknown): HadithMetadata {
  const { narrator, grade } = (snapshot ?? {}) as Partial<HadithMetadata>;
  if (!isNullableString(narrator) || !isNullableString(grade)) throw validationError('The audit snapshot has no narrator and grade.');
  return { narrator, grade, ...contentMetadataOf(snapshot) };
}

const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

export const hadithRestorers: RecordRestorer[] = [hadithTranslationRestorer, hadithMetadataRestorer];
