import { AppError } from '../errors.js';
import { assertSafeText } from './text.js';

/**
 * Limits of CONTRACT §9–§11 on translation and metadata writes, shared by the Quran and Hadith.
 * The shapes (lengths, types, unknown or missing fields) are for the adapter's request schema to check, and
 * the use cases' input types state them to embedders; the core keeps what is a rule of the content itself.
 */
export const CONTENT_LIMITS = { textLength: 50_000, tags: 32, tagLength: 64, notesLength: 10_000 } as const;

/** The fields a patch gives: an undefined one leaves the stored value alone. */
export const definedFieldsOf = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;

/** `text_ar`, the Arabic original, is never editable: 403 FORBIDDEN_LOCALE whatever else the body holds. */
export function assertNoTextAr(body: unknown): void {
  if (body !== null && typeof body === 'object' && 'text_ar' in body) {
    throw new AppError('FORBIDDEN_LOCALE', 'text_ar (the Arabic original) is read-only.');
  }
}

/**
 * The text fields of a metadata patch hold no control characters or bidi overrides (issue 26, point 7): `notes`
 * may span lines; tags, and the hadith's `narrator` and `grade`, are one line each.
 */
export function assertSafeMetadataText(patch: object): void {
  const fields = patch as Record<string, unknown>;
  assertSafeText('notes', fields.notes, 'text');
  for (const field of ['narrator', 'grade']) assertSafeText(field, fields[field], 'line');
  if (Array.isArray(fields.tags)) for (const tag of fields.tags) assertSafeText('tags', tag, 'line');
}
