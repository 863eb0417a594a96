import { parseMetadataPatch } from '../shared/content-writes-validation.js';
import type { ContentMetadata } from '../shared/translation.js';

export type AyahMetadataPatch = Partial<ContentMetadata>;

export const parseAyahMetadataPatch = (body: AyahMetadataPatch) => parseMetadataPatch(body);
