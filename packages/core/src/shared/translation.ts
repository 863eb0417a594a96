import type { ApiKeyRecord } from '../keys/api-key.js';

/** A stored translation of one ayah or hadith into one locale. */
export interface Translation {
  locale: string;
  text: string;
  updatedAt: string;
}

/** Metadata an editor may patch on an ayah or a hadith. */
export interface ContentMetadata {
  tags: string[];
  notes: string | null;
  published: boolean;
}

/** Unpublished records are visible only to keys that may write (editors), never to readers or downloads. */
export const canSeeUnpublished = (key: Pick<ApiKeyRecord, 'permissions'> | null) =>
  key?.permissions.includes('write') ?? false;

/** Audit actions of translation and metadata writes, shared by the Quran and Hadith. */
export const AUDIT_ACTIONS = {
  putTranslation: 'translation.put',
  deleteTranslation: 'translation.delete',
  patchMetadata: 'metadata.patch',
} as const;
