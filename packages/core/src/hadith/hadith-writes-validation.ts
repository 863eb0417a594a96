import { AppError, validationError } from '../errors.js';
import type { HadithMetadata } from './hadith.js';

/** Limits of CONTRACT §10 and §11, plus the hadith-only fields. */
export const HADITH_LIMITS = { textLength: 50_000, tags: 32, tagLength: 64, notesLength: 10_000, narratorLength: 1_000, gradeLength: 200 } as const;

export const HADITH_METADATA_FIELDS = ['narrator', 'grade', 'tags', 'notes', 'published'] as const;

export type HadithMetadataPatch = Partial<HadithMetadata>;

export function assertHadithTranslationText(text: unknown): asserts text is string {
  if (typeof text !== 'string' || text.trim() === '' || text.length > HADITH_LIMITS.textLength) {
    throw validationError(`text must be a non-empty string of at most ${HADITH_LIMITS.textLength} characters.`);
  }
}

/** Checks a PATCH body: `text_ar` is forbidden, other unknown fields and wrong types are invalid. */
export function parseHadithMetadataPatch(body: unknown): HadithMetadataPatch {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError('The body must be a JSON object.');
  if ('text_ar' in body) throw new AppError('FORBIDDEN_LOCALE', 'text_ar (the Arabic original) is read-only.');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((field) => !(HADITH_METADATA_FIELDS as readonly string[]).includes(field));
  if (unknown !== undefined) throw validationError(`Field '${unknown}' is not allowed: only ${HADITH_METADATA_FIELDS.join(', ')} can be patched.`);
  if (Object.keys(fields).length === 0) throw validationError(`The body must set at least one of ${HADITH_METADATA_FIELDS.join(', ')}.`);
  const { narrator, grade, tags, notes, published } = fields;
  assertOptionalText(narrator, 'narrator', HADITH_LIMITS.narratorLength);
  assertOptionalText(grade, 'grade', HADITH_LIMITS.gradeLength);
  if (tags !== undefined && !isTagList(tags)) {
    throw validationError(`Field 'tags' must be an array of at most ${HADITH_LIMITS.tags} non-empty strings of at most ${HADITH_LIMITS.tagLength} characters.`);
  }
  if (notes !== undefined && notes !== null && (typeof notes !== 'string' || notes.length > HADITH_LIMITS.notesLength)) {
    throw validationError(`Field 'notes' must be null or a string of at most ${HADITH_LIMITS.notesLength} characters.`);
  }
  if (published !== undefined && typeof published !== 'boolean') throw validationError(`Field 'published' must be a boolean.`);
  return fields as HadithMetadataPatch;
}

function assertOptionalText(value: unknown, field: string, maxLength: number): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || value.trim() === '' || value.length > maxLength) {
    throw validationError(`Field '${field}' must be null or a non-empty string of at most ${maxLength} characters.`);
  }
}

function isTagList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= HADITH_LIMITS.tags &&
    value.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= HADITH_LIMITS.tagLength)
  );
}
