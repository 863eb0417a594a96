import type { RecordRestorer } from '../audit/record-restorer.js';
import { contentMetadataOf, metadataRestorer, translationRestorer } from '../shared/translation-and-metadata-restorers.js';
import { ayahKey, type AyahRef } from './quran.js';
import { ayahTranslations } from './write-quran.js';

/** Parses the resources `quranAuditResource` writes: `quran/{surah}/{ayah}` and `.../translations/{locale}`. */
const AYAH = /^quran\/(\d+)\/(\d+)$/;
const AYAH_TRANSLATION = /^quran\/(\d+)\/(\d+)\/translations\/([^/]+)$/;

const describe = ({ surah, ayah }: AyahRef) => `Ayah ${ayahKey(surah, ayah)}`;

/** Rolls back `translation.put` / `translation.delete` of an ayah. */
const ayahTranslationRestorer: RecordRestorer = translationRestorer<AyahRef>({
  parse(resource) {
    const match = AYAH_TRANSLATION.exec(resource);
    return match ? { ref: { surah: Number(match[1]), ayah: Number(match[2]) }, locale: match[3]! } : undefined;
  },
  translationsOf: ayahTranslations,
});

/** Rolls back `metadata.patch` of an ayah: its tags, notes and published flag. */
const ayahMetadataRestorer: RecordRestorer = metadataRestorer<AyahRef, ReturnType<typeof contentMetadataOf>>({
  parse(resource) {
    const match = AYAH.exec(resource);
    return match ? { surah: Number(match[1]), ayah: Number(match[2]) } : undefined;
  },
  describe,
  // The whole ayah with every translation, as patchAyahMetadata snapshots it.
  get: (stores, { surah, ayah }) => stores.quran.getAyah(surah, ayah),
  metadataOf: contentMetadataOf,
  set: (stores, { surah, ayah }, metadata) => stores.quran.setMetadata(surah, ayah, metadata),
});

export const quranRestorers: RecordRestorer[] = [ayahTranslationRestorer, ayahMetadataRestorer];
