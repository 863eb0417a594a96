import type { PrecomputedAnswer } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { noneMatchHits } from './conditional.js';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { etagHeader, writeInTurns, type KeptRepresentation } from './representation.js';

const SMALL_BODY_BYTES = 16 * 1024;
const decompressors = { br: promisify(brotliDecompress), gzip: promisify(gunzip) } as const;
type StoredCoding = keyof typeof decompressors;

const isStoredCoding = (encoding: string): encoding is StoredCoding => encoding in decompressors;

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

  /** `answers`: the encodings of one answer, all computed at the same content versions. */
  constructor(answers: readonly PrecomputedAnswer[]) {
    const [first] = answers;
    if (!first) throw new Error('A precomputed representation needs at least one encoding.');
    this.etag = first.tag;
    this.length = first.length;
    this.headers = JSON.parse(first.meta) as Record<string, string>;
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
    const etag = etagHeader(this.etag, coding);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (noneMatchHits(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const bytes = req.method === 'HEAD' && coding === 'identity' ? null : await this.bytes(coding);
    res.statusCode = 200;
    for (const name in this.headers) res.setHeader(name, this.headers[name]!);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', bytes?.length ?? this.length);
    if (bytes === null || req.method === 'HEAD') res.end();
    else if (bytes.length <= SMALL_BODY_BYTES) res.end(bytes);
    else await writeInTurns(res, bytes);
  }

  private bytes(coding: ContentCoding): Buffer | Promise<Buffer> {
    if (coding !== 'identity') return this.encoded.get(coding)!;
    const [from, bytes] = this.encoded.entries().next().value as [StoredCoding, Buffer];
    return decompressors[from](bytes);
  }
}
