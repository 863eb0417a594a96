import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { noneMatchHits } from './conditional.js';

/** Below this a body is always sent as it is: compressing it saves less than its headers weigh. */
const COMPRESS_FROM_BYTES = 1024;
/** Measured with the bench's download check: 16 KiB keeps small reads' p99 lowest at the same throughput. */
const WRITE_CHUNK_BYTES = 16 * 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const compress = (coding: Exclude<ContentCoding, 'identity'>, body: Buffer): Promise<Buffer> =>
  coding === 'gzip'
    ? gzipAsync(body, { level: 6 })
    : brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });

/**
 * One GET answer as bytes: its body, its entity tag and its headers, with each compressed variant made once
 * (off the event loop) on first demand and kept. Every GET success goes through `send`, so GET and HEAD
 * announce the same coding, length and tag, and a matching If-None-Match is a 304.
 */
export class Representation {
  readonly etag: string;
  private readonly variants = new Map<ContentCoding, Promise<Buffer>>();
  /** Bytes held: the body and the variants made so far. */
  size: number;
  onGrow?: (bytes: number) => void;

  constructor(
    readonly body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    this.etag = createHash('sha1').update(body).digest('base64url');
    this.size = body.length;
  }

  /** `identity` for small bodies, else what the request prefers. */
  codingFor(req: IncomingMessage): ContentCoding {
    return this.body.length < COMPRESS_FROM_BYTES ? 'identity' : preferredCoding(req.headers['accept-encoding']);
  }

  /** A tag per coding: a strong validator names one sequence of bytes. */
  etagFor(coding: ContentCoding): string {
    return coding === 'identity' ? `"${this.etag}"` : `"${this.etag}-${coding}"`;
  }

  bytes(coding: ContentCoding): Promise<Buffer> | Buffer {
    if (coding === 'identity') return this.body;
    let variant = this.variants.get(coding);
    if (!variant) {
      variant = compress(coding, this.body);
      this.variants.set(coding, variant);
      void variant.then(
        (compressed) => {
          this.size += compressed.length;
          this.onGrow?.(compressed.length);
        },
        () => this.variants.delete(coding),
      );
    }
    return variant;
  }

  async send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void> {
    const coding = this.codingFor(req);
    const etag = this.etagFor(coding);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    if (this.body.length >= COMPRESS_FROM_BYTES) res.setHeader('Vary', 'Accept-Encoding');
    if (noneMatchHits(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const bytes = await this.bytes(coding);
    res.statusCode = 200;
    for (const name in this.headers) res.setHeader(name, this.headers[name]!);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', bytes.length);
    if (req.method === 'HEAD') res.end();
    else if (bytes.length <= WRITE_CHUNK_BYTES) res.end(bytes);
    else await writeInTurns(res, bytes);
  }
}

/**
 * A large body goes out a chunk per event-loop turn, each once the socket has taken the last: the small
 * requests that arrive meanwhile are read and answered between chunks, so downloads cannot stall them.
 */
async function writeInTurns(res: ServerResponse, bytes: Buffer): Promise<void> {
  for (let offset = 0; offset < bytes.length && !res.destroyed; offset += WRITE_CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, offset + WRITE_CHUNK_BYTES);
    if (offset + WRITE_CHUNK_BYTES >= bytes.length) return void res.end(chunk);
    if (!res.write(chunk)) await drainedOrClosed(res);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A client that goes away, before or during the body, never drains its socket. */
const drainedOrClosed = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    if (res.destroyed) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The `{data}` envelope as a representation. */
export const jsonRepresentation = (value: unknown): Representation =>
  new Representation(Buffer.from(JSON.stringify(value)), { 'Content-Type': JSON_CONTENT_TYPE });
