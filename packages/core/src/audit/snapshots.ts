import { AppError, validationError } from '../errors.js';
import type { ContentMetadata, Translation } from '../shared/translation.js';

/** The translation of an audit snapshot, with exactly the stored fields; null for none. */
export function translationOf(snapshot: unknown): Translation | null {
  if (snapshot === null || snapshot === undefined) return null;
  const { locale, text, updatedAt } = snapshot as Partial<Translation>;
  if (typeof locale !== 'string' || typeof text !== 'string' || typeof updatedAt !== 'string') {
    throw validationError('The audit snapshot is not a translation.');
  }
  return { locale, text, updatedAt };
}

/** The editable metadata every content record has, read from an audit snapshot of the whole record. */
export function contentMetadataOf(snapshot: unknown): ContentMetadata {
  const { tags, notes, published } = (snapshot ?? {}) as Partial<ContentMetadata>;
  if (
    !Array.isArray(tags) ||
    !tags.every((tag) => typeof tag === 'string') ||
    !(typeof notes === 'string' || notes === null) ||
    typeof published !== 'boolean'
  ) {
    throw validationError('The audit snapshot has no tags, notes and published flag.');
  }
  return { tags: [...tags], notes, published };
}

/** A rollback onto a record that is gone (e.g. a hadith a re-import removed): refused even with --force. */
export const noLongerExists = (what: string) =>
  new AppError('CONFLICT', `${what} no longer exists; there is nothing to restore it onto.`);

/** A metadata rollback needs an earlier record; a snapshot of none cannot be put back. */
export function requireEarlierRecord(snapshot: unknown, resource: string): void {
  if (snapshot === null || snapshot === undefined)
    throw validationError(`The audit entry of ${resource} has no earlier record to restore.`);
}

/** A translation snapshot in another locale than its target's cannot be put back onto it. */
export function assertSnapshotLocale(translation: Translation, locale: string, resource: string): void {
  if (translation.locale !== locale)
    throw validationError(`The snapshot of ${resource} is a '${translation.locale}' translation.`);
}
