import { parseMetadataPatch } from '../shared/content-writes-validation.js';
import type { ContentMetadata } from '../shared/translation.js';

export const AYAH_METADATA_FIELDS = ['tags', 'notes', 'published'] as const;

export type AyahMetadataPatch = Partial<ContentMetadata>;

export const parseAyahMetadataPatch = (body: unknown) => parseMetadataPatch<AyahMetadataPatch>(body, AYAH_METADATA_FIELDS);
