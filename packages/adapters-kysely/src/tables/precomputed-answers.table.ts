import { zeroVersions, type ContentVersionVector, type PrecomputedAnswer } from '@islamic-data/core';
import type { Selectable } from 'kysely';

/**
 * One answer computed ahead of its requests, in one encoding (primary key: key, encoding). Not content: no
 * content area counts its changes (no triggers), and `db copy` leaves it behind (answers are recomputed).
 */
export interface PrecomputedAnswersTable {
  key: string;
  encoding: string;
  /** JSON object: the content versions it was computed at. */
  versions: string;
  tag: string;
  length: number;
  /** JSON, opaque here. */
  meta: string;
  /** A blob on SQLite, bytea on PostgreSQL: both drivers give it back as a Buffer. */
  bytes: Uint8Array;
}

export function toPrecomputedAnswerRow(answer: PrecomputedAnswer): PrecomputedAnswersTable {
  return {
    key: answer.key,
    encoding: answer.encoding,
    versions: JSON.stringify(answer.versions),
    tag: answer.tag,
    length: answer.length,
    meta: answer.meta,
    bytes: answer.bytes,
  };
}

export function fromPrecomputedAnswerRow(row: Selectable<PrecomputedAnswersTable>): PrecomputedAnswer {
  return {
    key: row.key,
    encoding: row.encoding,
    // An area the answer was computed without (one added since): version 0, which no current vector matches.
    versions: { ...zeroVersions(), ...(JSON.parse(row.versions) as Partial<ContentVersionVector>) },
    tag: row.tag,
    length: Number(row.length),
    meta: row.meta,
    bytes: row.bytes,
  };
}
