import { sameVersions, type ContentArea, type ContentVersionVector, type PrecomputedAnswer } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliDecompress, createBrotliDecompress, createGunzip, gunzip } from 'node:zlib';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import {
  answeredNotModified,
  etagHeader,
  sendBytes,
  setBodyHeaders,
  type KeptRepresentation,
} from './representation.js';
import { CHUNK_BYTES, READ_WHOLE_BYTES, streamTo } from './stored-representation.js';

/** The encodings answers are precomputed in: what browsers and HTTP clients ask for. */
export const STORED_CODINGS = ['br', 'gzip'] as const;
export type StoredCoding = (typeof STORED_CODINGS)[number];

const decompressors: Record<StoredCoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

const decompressorStreams = {
  br: () => createBrotliDecompress({ chunkSize: CHUNK_BYTES }),
  gzip: () => createGunzip({ chunkSize: CHUNK_BYTES }),
};

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

/** Loads another encoding of the same answer (the same tag, still current), or none. */
type MoreEncodings = (encoding: StoredCoding) => Promise<PrecomputedAnswer | undefined>;

/**
 * An answer sent from its precomputed encodings (brotli and gzip, as the answer worker makes them), with the
 * entity tag of its body, so that a client cannot tell it from one built for its request. It holds the encoding
 * its first request asked for and loads another when a request first asks for it (`more`): the cache then holds,
 * and the database reads, only what clients ask for. A client that asks for neither gets the body decompressed for
 * it, in the libuv threadpool (streamed, when large): the body itself is not kept.
 */
export class PrecomputedRepresentation implements KeptRepresentation {
  readonly etag: string;
  readonly length: number;
  size = 0;
  readonly storedBytes = 0;
  onGrow?: (bytes: number) => void;
  private readonly headers: Readonly<Record<string, string>>;
  /** Each encoding loaded (its bytes), being loaded, or known not to be kept (null). */
  private readonly encoded = new Map<StoredCoding, Buffer | Promise<Buffer | null> | null>();

  /** `first`: a current encoding of the answer (`currentAnswers`). */
  constructor(
    first: PrecomputedAnswer,
    private readonly more?: MoreEncodings,
  ) {
    const meta = metaOf(first);
    if (!meta || !isStoredCoding(first.encoding))
      throw new Error('A precomputed answer needs its encoding and headers.');
    this.etag = first.tag;
    this.length = first.length;
    this.headers = meta.headers;
    this.keep(first.encoding, first);
  }

  async send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void> {
    const preferred = preferredCoding(req.headers['accept-encoding']);
    const encoded = preferred === 'identity' ? null : await this.encoding(preferred);
    const coding: ContentCoding = encoded ? preferred : 'identity';
    if (answeredNotModified(req, res, cacheControl, etagHeader(this.etag, coding), true)) return;
    // A body too large to read whole from a file (a download: 13.6 MB for the Arabic of Bukhari) is decompressed as
    // it is sent, a chunk at a time, never held whole for a client that takes no compression.
    if (coding === 'identity' && req.method !== 'HEAD' && this.length > READ_WHOLE_BYTES) {
      setBodyHeaders(res, this.headers, coding, this.length);
      const [held, bytes] = this.held();
      return streamTo(res, Readable.from([bytes]), decompressorStreams[held]());
    }
    const bytes = req.method === 'HEAD' && coding === 'identity' ? null : (encoded ?? (await this.body()));
    await sendBytes(req, res, this.headers, coding, bytes, this.length);
  }

  /** The bytes of an encoding, loaded once on first demand; null when it is not kept. */
  private encoding(coding: StoredCoding): Buffer | Promise<Buffer | null> | null {
    const known = this.encoded.get(coding);
    if (known !== undefined || !this.more) return known ?? null;
    const loading = this.more(coding).then(
      (answer) => (answer?.tag === this.etag ? this.keep(coding, answer) : null),
      () => null,
    );
    this.encoded.set(coding, loading);
    void loading.then((bytes) => this.encoded.set(coding, bytes));
    return loading;
  }

  private keep(coding: StoredCoding, answer: PrecomputedAnswer): Buffer {
    const { bytes } = answer;
    const kept = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.encoded.set(coding, kept);
    this.size += kept.length;
    this.onGrow?.(kept.length);
    return kept;
  }

  /** The body, decompressed from an encoding held. */
  private body(): Promise<Buffer> {
    const [coding, bytes] = this.held();
    return decompressors[coding](bytes);
  }

  /** An encoding held, and its bytes. */
  private held(): [StoredCoding, Buffer] {
    for (const [coding, bytes] of this.encoded) if (Buffer.isBuffer(bytes)) return [coding, bytes];
    throw new Error('A precomputed representation holds no encoding.');
  }
}
