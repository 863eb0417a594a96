/**
 * Every spelling a hadith number resolves from (a match key, see core's assignHadithNumbers) → the
 * hadith's sequence.
 */
export interface HadithNumberKeysTable {
  collection: string;
  key: string;
  sequence: number;
}
