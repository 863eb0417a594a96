import { ROLLBACK_ACTION } from '../audit/rollback.js';
import type { RecordRestorer } from '../audit/record-restorer.js';
import { AppError, validationError } from '../errors.js';
import { AUDIT_ACTIONS, type ContentMetadata, type Translation } from './translation.js';
import type { TranslatedRecord } from './translation-writes.js';
import type { Stores } from './unit-of-work.js';

/**
 * Restorers shared by the Quran and the Hadith: each feature says how its audit resources parse
 * and which store methods read and write the record; these say what a rollback compares and puts back.
 * Both also handle the `rollback` entries of their resources, whose snapshots have the same shape,
 * so that the operator can undo a rollback.
 */

/** How one feature finds the translations of its records (an ayah, a hadith) from an audit resource. */
export interface TranslationAccess<Ref> {
  /** The record and locale of a translation resource; undefined for any other resource. */
  parse(resource: string): { ref: Ref; locale: string } | undefined;
  /** The record's translations, as the writes reach them (`ayahTranslations`, `hadithTranslations`). */
  translationsOf(ref: Ref): (stores: Stores) => TranslatedRecord;
}

/** How one feature reads and writes the editable metadata of its records. */
export interface MetadataAccess<Ref, Metadata extends ContentMetadata> {
  parse(resource: string): Ref | undefined;
  describe(ref: Ref): string;
  /** The whole record, as `metadata.patch` entries snapshot it; undefined when it does not exist. */
  get(stores: Stores, ref: Ref): Promise<unknown>;
  /** The metadata of a snapshot (the whole record); throws when the snapshot is not one. */
  metadataOf(snapshot: unknown): Metadata;
  /** False when the record does not exist. */
  set(stores: Stores, ref: Ref, metadata: Metadata): Promise<boolean>;
}

const TRANSLATION_ACTIONS: readonly string[] = [AUDIT_ACTIONS.putTranslation, AUDIT_ACTIONS.deleteTranslation, ROLLBACK_ACTION];
const METADATA_ACTIONS: readonly string[] = [AUDIT_ACTIONS.patchMetadata, ROLLBACK_ACTION];

/**
 * Translations: the snapshot is the stored translation `{locale, text, updatedAt}` or null. A
 * rollback puts the earlier translation back exactly (its `updatedAt` too), or deletes the
 * translation when there was none.
 */
export function translationRestorer<Ref>(access: TranslationAccess<Ref>): RecordRestorer {
  const target = (resource: string) => {
    const parsed = access.parse(resource);
    if (!parsed) throw validationError(`${resource} is not a translation resource.`);
    return parsed;
  };
  return {
    handles: (entry) => TRANSLATION_ACTIONS.includes(entry.action) && access.parse(entry.resource) !== undefined,
    async current(stores, resource) {
      const { ref, locale } = target(resource);
      return (await access.translationsOf(ref)(stores).get(locale)) ?? null;
    },
    comparable: (snapshot) => translationOf(snapshot),
    async restore(stores, resource, snapshot) {
      const { ref, locale } = target(resource);
      const record = access.translationsOf(ref)(stores);
      const translation = translationOf(snapshot);
      if (translation === null) {
        await record.delete(locale);
        return;
      }
      if (translation.locale !== locale) throw validationError(`The snapshot of ${resource} is a '${translation.locale}' translation.`);
      await record.assertExists().catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? gone(record.label) : error;
      });
      await record.put(translation);
    },
  };
}

/**
 * Metadata: the snapshot is the whole record (an ayah, a hadith), but a rollback compares and
 * puts back only its metadata, so later translation writes to the same record do not count as changes.
 */
export function metadataRestorer<Ref, Metadata extends ContentMetadata>(access: MetadataAccess<Ref, Metadata>): RecordRestorer {
  const target = (resource: string) => {
    const ref = access.parse(resource);
    if (ref === undefined) throw validationError(`${resource} is not a record whose metadata can be restored.`);
    return ref;
  };
  return {
    handles: (entry) => METADATA_ACTIONS.includes(entry.action) && access.parse(entry.resource) !== undefined,
    async current(stores, resource) {
      return (await access.get(stores, target(resource))) ?? null;
    },
    comparable: (snapshot) => (snapshot === null || snapshot === undefined ? null : access.metadataOf(snapshot)),
    async restore(stores, resource, snapshot) {
      const ref = target(resource);
      if (snapshot === null || snapshot === undefined) throw validationError(`The audit entry of ${resource} has no earlier record to restore.`);
      if (!(await access.set(stores, ref, access.metadataOf(snapshot)))) throw gone(access.describe(ref));
    },
  };
}

/** The translation of a snapshot, with exactly the stored fields; null for none. */
function translationOf(snapshot: unknown): Translation | null {
  if (snapshot === null || snapshot === undefined) return null;
  const { locale, text, updatedAt } = snapshot as Partial<Translation>;
  if (typeof locale !== 'string' || typeof text !== 'string' || typeof updatedAt !== 'string') {
    throw validationError('The audit snapshot is not a translation.');
  }
  return { locale, text, updatedAt };
}

/** The editable metadata every content record has, read from a snapshot of the whole record. */
export function contentMetadataOf(snapshot: unknown): ContentMetadata {
  const { tags, notes, published } = (snapshot ?? {}) as Partial<ContentMetadata>;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string') || !(typeof notes === 'string' || notes === null) || typeof published !== 'boolean') {
    throw validationError('The audit snapshot has no tags, notes and published flag.');
  }
  return { tags: [...tags], notes, published };
}

const gone = (what: string) => new AppError('CONFLICT', `${what} no longer exists; there is nothing to restore it onto.`);
