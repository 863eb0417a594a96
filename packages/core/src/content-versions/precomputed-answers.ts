import type { ContentVersionVector } from './content-versions.js';

/**
 * An answer computed ahead of its requests (after an import or a write, not per request), kept in one encoding
 * with the content versions it was computed at. Whoever reads it compares those versions with the current ones:
 * an answer of older content is never given, and a restored backup brings its own answers with its own versions.
 */
export interface PrecomputedAnswer {
  /** What it answers: the representation cache's key of its requests. */
  key: string;
  /** How `bytes` are encoded (`br`, `gzip`). */
  encoding: string;
  /** The content versions read before it was computed. */
  versions: ContentVersionVector;
  /** The tag of its bytes before encoding. */
  tag: string;
  /** The length of its bytes before encoding. */
  length: number;
  /** How it is described to clients (JSON, opaque here). */
  meta: string;
  bytes: Uint8Array;
}

/** Port: precomputed answers, kept with the content they were computed from (in the same database). */
export interface PrecomputedAnswers {
  /** Every encoding kept of the answer to `key`, or only `encoding` when it is given (none: an empty list). */
  find(key: string, encoding?: string): Promise<PrecomputedAnswer[]>;
  /** Keeps each answer, replacing what was kept for its key and encoding. */
  keep(answers: readonly PrecomputedAnswer[]): Promise<void>;
  /** How many are kept, and their bytes. */
  size(): Promise<{ answers: number; bytes: number }>;
}

/** Precomputed answers in memory: for tests and embedders (gone with the process). */
export class InMemoryPrecomputedAnswers implements PrecomputedAnswers {
  private readonly kept = new Map<string, Map<string, PrecomputedAnswer>>();

  async find(key: string, encoding?: string): Promise<PrecomputedAnswer[]> {
    return [...(this.kept.get(key)?.values() ?? [])]
      .filter((answer) => encoding === undefined || answer.encoding === encoding)
      .map((answer) => ({ ...answer, bytes: answer.bytes.slice() }));
  }

  async keep(answers: readonly PrecomputedAnswer[]): Promise<void> {
    for (const answer of answers) {
      let encodings = this.kept.get(answer.key);
      if (!encodings) this.kept.set(answer.key, (encodings = new Map()));
      encodings.set(answer.encoding, { ...answer, versions: { ...answer.versions }, bytes: answer.bytes.slice() });
    }
  }

  async size(): Promise<{ answers: number; bytes: number }> {
    let answers = 0;
    let bytes = 0;
    for (const encodings of this.kept.values())
      for (const answer of encodings.values()) {
        answers++;
        bytes += answer.bytes.length;
      }
    return { answers, bytes };
  }
}
