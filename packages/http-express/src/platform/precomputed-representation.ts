import { sameVersions, type ContentArea, type ContentVersionVector, type PrecomputedAnswer } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { answeredNotModified, etagHeader, sendBytes, type KeptRepresentation } from './representation.js';

const decompressors = { br: promisify(brotliDecompress), gzip: promisify(gunzip) } as const;
type StoredCoding = keyof typeof decompressors;

const isStoredCoding = (encoding: string): encoding is StoredCoding => encoding in decompressors;

/** What a precomputed answer says of itself beside its bytes: the code that built it, and its headers. */
interface PrecomputedMeta {
  format: string;
  headers: Record<string, string>;
}

export const precomputedMeta = (format: string, headers: Record<string, string>): string =>
  JSON.stringify({ format, headers } satisfies PrecomputedMeta);

const metaOf = (answer: PrecomputedAnswer): PrecomputedMeta | undefined => {
  try {
    const meta = JSON.parse(answer.meta) as Partial<PrecomputedMeta>;
    return typeof meta.format === 'string' && typeof meta.headers === 'object' ? (meta as PrecomputedMeta) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The answers that may still be sent: built by the same code (`format`: an upgrade that changes answers makes the
 * old ones stale) at the current versions of the content areas the route reads.
 */
export const currentAnswers = (
  answers: readonly PrecomputedAnswer[],
  format: string,
  versions: ContentVersionVector,
  reads: readonly ContentArea[],
): PrecomputedAnswer[] =>
  answers.filter((answer) => metaOf(answer)?.format === format && sameVersions(answer.versions, versions, reads));

/**
 * An answer sent from its precomputed encodings (brotli and gzip, as the answer worker makes them), with the
 * entity tag of its body, so that a client cannot tell it from one built for its request. A client that asks for
 * neither gets the body decompressed for it, in the libuv threadpool: the body itself is not kept.
 */
export class PrecomputedRepresentation implements KeptRepresentation {
  readonly etag: string;
  readonly length: number;
  readonly size: number;
  readonly storedBytes = 0;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly encoded = new Map<StoredCoding, Buffer>();

  /** `answers`: the current encodings of one answer (`currentAnswers`). */
  constructor(answers: readonly PrecomputedAnswer[]) {
    const [first] = answers;
    const meta = first && metaOf(first);
    if (!first || !meta) throw new Error('A precomputed representation needs an encoding with its headers.');
    this.etag = first.tag;
    this.length = first.length;
    this.headers = meta.headers;
    for (const answer of answers) {
      if (answer.tag !== first.tag || !isStoredCoding(answer.encoding)) continue;
      const { bytes } = answer;
      this.encoded.set(answer.encoding, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    this.size = [...this.encoded.values()].reduce((sum, bytes) => sum + bytes.length, 0);
  }

  /** Whether any encoding it was given can be sent. */
  get usable(): boolean {
    return this.encoded.size > 0;
  }

  async send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void> {
    const preferred = preferredCoding(req.headers['accept-encoding']);
    const coding: ContentCoding = preferred !== 'identity' && this.encoded.has(preferred) ? preferred : 'identity';
    if (answeredNotModified(req, res, cacheControl, etagHeader(this.etag, coding), true)) return;
    const bytes = req.method === 'HEAD' && coding === 'identity' ? null : await this.bytes(coding);
    await sendBytes(req, res, this.headers, coding, bytes, this.length);
  }

  private bytes(coding: ContentCoding): Buffer | Promise<Buffer> {
    if (coding !== 'identity') return this.encoded.get(coding)!;
    const [from, bytes] = this.encoded.entries().next().value as [StoredCoding, Buffer];
    return decompressors[from](bytes);
  }
}
