import { AppError, validationError } from '../errors.js';
import type { ContentMetadata } from './translation.js';

/** Limits of CONTRACT §9–§11 on translation and metadata writes, shared by the Quran and Hadith. */
export const CONTENT_LIMITS = { textLength: 50_000, tags: 32, tagLength: 64, notesLength: 10_000 } as const;

export function assertTranslationText(text: unknown): asserts text is string {
  if (typeof text !== 'string' || text.trim() === '' || text.length > CONTENT_LIMITS.textLength) {
    throw validationError(`text must be a non-empty string of at most ${CONTENT_LIMITS.textLength} characters.`);
  }
}

/**
 * Checks a PATCH body against the fields a record allows: `text_ar` is forbidden (403), other unknown
 * fields, an empty body and wrong types are invalid. The common fields (tags, notes, published) are
 * checked here; `checkOwnFields` checks the record's own ones.
 */
export function parseMetadataPatch<Patch extends Partial<ContentMetadata>>(
  body: unknown,
  allowedFields: readonly string[],
  checkOwnFields: (fields: Record<string, unknown>) => void = () => {},
): Patch {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError('The body must be a JSON object.');
  assertNoTextAr(body);
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((field) => !allowedFields.includes(field));
  if (unknown !== undefined) throw validationError(`Field '${unknown}' is not allowed: only ${allowedFields.join(', ')} can be patched.`);
  if (Object.keys(fields).length === 0) throw validationError(`The body must set at least one of ${allowedFields.join(', ')}.`);
  checkOwnFields(fields);
  const { tags, notes, published } = fields;
  if (tags !== undefined && !isTagList(tags)) {
    throw validationError(
      `Field 'tags' must be an array of at most ${CONTENT_LIMITS.tags} non-empty strings of at most ${CONTENT_LIMITS.tagLength} characters.`,
    );
  }
  if (notes !== undefined && notes !== null && (typeof notes !== 'string' || notes.length > CONTENT_LIMITS.notesLength)) {
    throw validationError(`Field 'notes' must be null or a string of at most ${CONTENT_LIMITS.notesLength} characters.`);
  }
  if (published !== undefined && typeof published !== 'boolean') throw validationError(`Field 'published' must be a boolean.`);
  return fields as Patch;
}

/** The fields a patch gives: an undefined one leaves the stored value alone. */
export const definedFieldsOf = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;

/** `text_ar`, the Arabic original, is never editable: 403 FORBIDDEN_LOCALE whatever else the body holds. */
export function assertNoTextAr(body: unknown): void {
  if (body !== null && typeof body === 'object' && 'text_ar' in body) {
    throw new AppError('FORBIDDEN_LOCALE', 'text_ar (the Arabic original) is read-only.');
  }
}

/** A field that, when present, is null or a non-empty string of at most `maxLength` characters. */
export function assertOptionalText(value: unknown, field: string, maxLength: number): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || value.trim() === '' || value.length > maxLength) {
    throw validationError(`Field '${field}' must be null or a non-empty string of at most ${maxLength} characters.`);
  }
}

function isTagList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= CONTENT_LIMITS.tags &&
    value.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= CONTENT_LIMITS.tagLength)
  );
}
