import type { HadithInBook } from './hadith.js';

/** How a cited number is matched: case-insensitively, whitespace ignored (`8 A` is `8a`). */
export const hadithNumberKey = (number: string): string => number.replace(/\s+/g, '').toLowerCase();

/** A range of whole numbers wider than this is not a range a record covers but a typo. */
const MAX_RANGE = 100;

/**
 * The single numbers a cited number covers, as match keys: `5709-5712` → 5709…5712,
 * `299, 300, 301`, `546b-d` → 546b, 546c, 546d, `2111a, b` → 2111a, 2111b, `2913/2914a`.
 * `Introduction 53` covers itself. Undefined when the number is not understood.
 */
export function coveredNumbers(number: string): string[] | undefined {
  const key = hadithNumberKey(number);
  if (/^introduction\d+$/.test(key)) return [key];
  const covered: string[] = [];
  let base: string | undefined;
  for (const part of key.split(/[,/]/)) {
    let match: RegExpExecArray | null;
    if ((match = /^(\d+)([a-z]*)$/.exec(part))) {
      base = match[1]!;
      covered.push(part);
    } else if ((match = /^(\d+)-(\d+)$/.exec(part))) {
      const [first, last] = [Number(match[1]), Number(match[2])];
      if (last <= first || last - first > MAX_RANGE) return undefined;
      for (let n = first; n <= last; n++) covered.push(String(n));
      base = match[2]!;
    } else if ((match = /^(\d+)?([a-z])-([a-z])$/.exec(part)) && (match[1] ?? base) !== undefined) {
      base = match[1] ?? base;
      const [from, to] = [match[2]!.charCodeAt(0), match[3]!.charCodeAt(0)];
      if (to <= from) return undefined;
      for (let c = from; c <= to; c++) covered.push(`${base}${String.fromCharCode(c)}`);
    } else if (/^[a-z]{1,2}$/.test(part) && base !== undefined) {
      covered.push(`${base}${part}`);
    } else {
      return undefined;
    }
  }
  return covered.length > 0 ? covered : undefined;
}

export interface NumberedRecord {
  sequence: number;
  /** The number the source cites the record by; null where it gives none. */
  number: string | null;
  inBook: HadithInBook | null;
}

export interface AssignedNumbers {
  /** The unique number of each record, in the records' order. */
  numbers: string[];
  /** Match key → sequence: every number, every single number a record covers, and numbers without their letter. */
  keys: Map<string, number>;
  /** Records whose number was repeated or missing in the source and was made unique. */
  madeUnique: number;
  /** Numbers no single numbers could be read from (they still resolve as a whole). */
  unparsable: number;
  /** Distinct whole numbers (`52`, or `8` from `8a`) some record answers to. */
  numbersCovered: number;
}

/**
 * Makes the source's numbers unique and builds the keys they are matched by (CONTRACT §10). The
 * first record keeps a repeated number; a later one gets its in-book reference appended
 * (`1205 (Book 3, Hadith 45)`), or its sequence (`1205 (#812)`) without one; a record with no
 * number is named by its in-book reference (`Book 35, Hadith 12`). A record's own number wins over
 * a number another record covers, and that over a number without its letter (`8` → the first `8a`).
 */
export function assignHadithNumbers(records: readonly NumberedRecord[]): AssignedNumbers {
  const keys = new Map<string, number>();
  const numbers: string[] = [];
  const expandable: { sequence: number; number: string }[] = [];
  let madeUnique = 0;
  for (const record of records) {
    let number = record.number?.trim() || null;
    if (number !== null && !keys.has(hadithNumberKey(number))) {
      expandable.push({ sequence: record.sequence, number });
    } else {
      madeUnique++;
      const inBook = record.inBook && `Book ${record.inBook.book}, Hadith ${record.inBook.hadith}`;
      number = number === null ? (inBook ?? `#${record.sequence}`) : `${number} (${inBook ?? `#${record.sequence}`})`;
      if (keys.has(hadithNumberKey(number))) number = `${number} #${record.sequence}`;
    }
    keys.set(hadithNumberKey(number), record.sequence);
    numbers.push(number);
  }
  let unparsable = 0;
  const singles: { sequence: number; key: string }[] = [];
  for (const { sequence, number } of expandable) {
    const covered = coveredNumbers(number);
    if (covered === undefined) unparsable++;
    for (const key of covered ?? []) singles.push({ sequence, key });
  }
  for (const { sequence, key } of singles) if (!keys.has(key)) keys.set(key, sequence);
  for (const { sequence, key } of singles) {
    const withoutLetter = /^(\d+)[a-z]+$/.exec(key)?.[1];
    if (withoutLetter !== undefined && !keys.has(withoutLetter)) keys.set(withoutLetter, sequence);
  }
  const numbersCovered = [...keys.keys()].filter((key) => /^\d+$/.test(key)).length;
  return { numbers, keys, madeUnique, unparsable, numbersCovered };
}
