import { foldText, words } from './text-folding.js';

/** Words that say "mosque" or are glue in many languages: two mosques sharing only these are not alike. */
const GENERIC_WORDS = new Set([
  'mosque',
  'masjid',
  'masjed',
  'masijd',
  'mesjid',
  'mescit',
  'mescidi',
  'cami',
  'camii',
  'jami',
  'jamia',
  'jame',
  'jama',
  'islamic',
  'muslim',
  'centre',
  'center',
  'society',
  'the',
  'of',
  'and',
  'al',
  'el',
  'ul',
  'مسجد',
  'جامع',
  'ال',
]);

const significantWords = (name: string) => new Set(words(foldText(name)).filter((word) => !GENERIC_WORDS.has(word)));

/**
 * Jaccard overlap of the significant words of two names, 0..1. Two names made only of generic
 * words ("The Mosque", "Masjid") count as identical.
 */
export function nameSimilarity(a: string, b: string): number {
  const left = significantWords(a);
  const right = significantWords(b);
  if (left.size === 0 && right.size === 0) return 1;
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared);
}

export const SIMILAR_NAME_THRESHOLD = 0.5;
