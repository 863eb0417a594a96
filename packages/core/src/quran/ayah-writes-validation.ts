import { AppError, validationError } from '../errors.js';
import type { ContentMetadata } from '../shared/translation.js';

/** Limits of CONTRACT §9 and §11. */
export const AYAH_LIMITS = { textLength: 50_000, tags: 32, tagLength: 64, notesLength: 10_000 } as const;

export const AYAH_METADATA_FIELDS = ['tags', 'notes', 'published'] as const;

export type AyahMetadataPatch = Partial<ContentMetadata>;

export function assertAyahTranslationText(text: unknown): asserts text is string {
  if (typeof text !== 'string' || text.trim() === '' || text.length > AYAH_LIMITS.textLength) {
    throw validationError(`text must be a non-empty string of at most ${AYAH_LIMITS.textLength} characters.`);
  }
}

/** Checks a PATCH body: `text_ar` is forbidden, other unknown fields and wrong types are invalid. */
export function parseAyahMetadataPatch(body: unknown): AyahMetadataPatch {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError('The body must be a JSON object.');
  if ('text_ar' in body) throw new AppError('FORBIDDEN_LOCALE', 'text_ar (the Arabic original) is read-only.');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((field) => !(AYAH_METADATA_FIELDS as readonly string[]).includes(field));
  if (unknown !== undefined) throw validationError(`Field '${unknown}' is not allowed: only ${AYAH_METADATA_FIELDS.join(', ')} can be patched.`);
  if (Object.keys(fields).length === 0) throw validationError(`The body must set at least one of ${AYAH_METADATA_FIELDS.join(', ')}.`);
  const { tags, notes, published } = fields;
  if (tags !== undefined && !isTagList(tags)) {
    throw validationError(`Field 'tags' must be an array of at most ${AYAH_LIMITS.tags} non-empty strings of at most ${AYAH_LIMITS.tagLength} characters.`);
  }
  if (notes !== undefined && notes !== null && (typeof notes !== 'string' || notes.length > AYAH_LIMITS.notesLength)) {
    throw validationError(`Field 'notes' must be null or a string of at most ${AYAH_LIMITS.notesLength} characters.`);
  }
  if (published !== undefined && typeof published !== 'boolean') throw validationError(`Field 'published' must be a boolean.`);
  return fields as AyahMetadataPatch;
}

function isTagList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= AYAH_LIMITS.tags &&
    value.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= AYAH_LIMITS.tagLength)
  );
}
