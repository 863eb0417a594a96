import { CONTENT_LIMITS } from '../shared/content-writes-validation.js';
import type { HadithMetadata } from './hadith.js';

/** The shared content limits plus the hadith-only fields. */
export const HADITH_LIMITS = { ...CONTENT_LIMITS, narratorLength: 1_000, gradeLength: 200 } as const;

export type HadithMetadataPatch = Partial<HadithMetadata>;
