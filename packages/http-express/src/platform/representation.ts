import { createHash, type Hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compress, decompressSync } from './compression.js';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { noneMatchHits } from './conditional.js';

/** Below this a body is always sent as it is: compressing it saves less than its headers weigh. */
export const COMPRESS_FROM_BYTES = 1024;
/** Bodies up to this size are written at once. */
const SMALL_BODY_BYTES = 16 * 1024;

/** The hash of entity tags, for a body fed to it in pieces: its `digest('base64url')` is the body's `entityTag`. */
export const entityTagHash = (): Hash => createHash('sha1');

/** The entity tag of a body (without its coding's suffix and quotes). */
export const entityTag = (body: Uint8Array): string => entityTagHash().update(body).digest('base64url');

/** The ETag header of a body's tag in a coding: a strong validator names one sequence of bytes. */
export const etagHeader = (etag: string, coding: ContentCoding = 'identity'): string =>
  coding === 'identity' ? `"${etag}"` : `"${etag}-${coding}"`;

/** What the answer worker made beside a body: its entity tag, maybe one compressed variant, maybe its file. */
export interface MadeBeside {
  etag: string;
  variant?: { coding: Exclude<ContentCoding, 'identity'>; bytes: Buffer };
  /** The file the body was written to (to keep it in files). */
  file?: string;
}

/**
 * What the representation cache keeps and the pipeline sends: a representation in memory, or one whose bytes
 * are stored in files (`stored-representation.ts`).
 */
export interface KeptRepresentation {
  readonly etag: string;
  /** Bytes held in memory. */
  readonly size: number;
  /** Bytes held on disk. */
  readonly storedBytes: number;
  /** Told the change of `size` (or of `storedBytes`) as it happens, while the cache holds it. */
  onGrow?: (bytes: number, storedBytes?: number) => void;
  send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void>;
  /** Called once the cache lets it go: a stored one removes its files when no answer is reading them. */
  discard?(): void;
}

/**
 * Bodies from this size on are kept in files, not in memory: whole juz, hadith pages, every download
 * (stored-representation.ts). Below it, an identity body in memory is let go once a compressed variant is made, and
 * made again from it on the event loop when asked for (at most about 0.1 ms for 64 KiB of JSON); larger ones, in
 * memory only where answers are not kept in files, are kept whole: too costly to decompress per request.
 */
export const STORE_FROM_BYTES = 64 * 1024;

/**
 * One GET answer as bytes: its entity tag, its headers, and its body in the codings clients asked for, each
 * compressed variant made once (off the event loop when large) on first demand and kept. Once it has a compressed
 * variant it lets a small identity body go (a JSON answer compresses to a fifth or less): a client that asks for
 * none, or for another coding, gets it from the variant. Every GET success goes through `send`, so GET and HEAD
 * announce the same coding, length and tag, and a matching If-None-Match is a 304.
 */
export class Representation implements KeptRepresentation {
  readonly etag: string;
  /** The identity body's length, kept once the body is let go. */
  readonly length: number;
  private body: Buffer | null;
  private readonly variants = new Map<Exclude<ContentCoding, 'identity'>, Promise<Buffer> | Buffer>();
  /** Bytes held: the identity body while it is kept, and the variants made so far. */
  size: number;
  readonly storedBytes = 0;
  onGrow?: (bytes: number) => void;

  constructor(
    body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
    made?: MadeBeside,
  ) {
    this.etag = made?.etag ?? entityTag(body);
    this.length = body.length;
    this.body = body;
    this.size = body.length;
    if (made?.variant) this.keepVariant(made.variant.coding, made.variant.bytes);
  }

  /** `identity` for small bodies, else what the request prefers. */
  codingFor(req: IncomingMessage): ContentCoding {
    return this.length < COMPRESS_FROM_BYTES ? 'identity' : preferredCoding(req.headers['accept-encoding']);
  }

  etagFor(coding: ContentCoding): string {
    return etagHeader(this.etag, coding);
  }

  bytes(coding: ContentCoding): Promise<Buffer> | Buffer {
    if (coding === 'identity') return this.body ?? this.decompressed();
    let variant = this.variants.get(coding);
    if (!variant) {
      const compressing = compress(coding, this.body ?? this.decompressed());
      if (Buffer.isBuffer(compressing)) return this.keepVariant(coding, compressing);
      const making = compressing.then((compressed) => this.keepVariant(coding, compressed));
      this.variants.set(coding, making);
      void making.catch(() => this.variants.get(coding) === making && this.variants.delete(coding));
      variant = making;
    }
    return variant;
  }

  async send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void> {
    const coding = this.codingFor(req);
    if (answeredNotModified(req, res, cacheControl, this.etagFor(coding), this.length >= COMPRESS_FROM_BYTES)) return;
    // A HEAD of identity needs no bytes: the body's length is known without it.
    const pending = req.method === 'HEAD' && coding === 'identity' ? null : this.bytes(coding);
    const bytes = pending === null || Buffer.isBuffer(pending) ? pending : await pending;
    await sendBytes(req, res, this.headers, coding, bytes, this.length);
  }

  /** Keeps a compressed variant made, and lets a small identity body go. */
  private keepVariant(coding: Exclude<ContentCoding, 'identity'>, bytes: Buffer): Buffer {
    this.variants.set(coding, bytes);
    const released = this.body !== null && this.length < STORE_FROM_BYTES ? this.length : 0;
    if (released > 0) this.body = null;
    this.size += bytes.length - released;
    this.onGrow?.(bytes.length - released);
    return bytes;
  }

  /** The identity body again, from the variant made when it was let go (made variants are never removed). */
  private decompressed(): Buffer {
    for (const [coding, variant] of this.variants) if (Buffer.isBuffer(variant)) return decompressSync(coding, variant);
    throw new Error('A representation let its identity body go without a variant to make it from.');
  }
}

/**
 * Sets a GET answer's validators for the coding it is sent in (and `Vary` when its coding follows the request's
 * `Accept-Encoding`), and answers 304 when the request's `If-None-Match` names them: true when it did.
 */
export function answeredNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  cacheControl: string,
  etag: string,
  varies: boolean,
): boolean {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  if (varies) res.setHeader('Vary', 'Accept-Encoding');
  if (!noneMatchHits(req.headers['if-none-match'], etag)) return false;
  res.statusCode = 304;
  res.end();
  return true;
}

/** A 200's status and headers, for a body of `length` bytes in `coding`. */
export function setBodyHeaders(
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
  coding: ContentCoding,
  length: number,
): void {
  res.statusCode = 200;
  for (const name in headers) res.setHeader(name, headers[name]!);
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', length);
}

/** A 200 of bytes held in memory, in `coding`; `bytes` null: a HEAD that announces the body's `length`. */
export async function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
  coding: ContentCoding,
  bytes: Buffer | null,
  length: number,
): Promise<void> {
  setBodyHeaders(res, headers, coding, bytes?.length ?? length);
  if (bytes === null || req.method === 'HEAD') res.end();
  else if (bytes.length <= SMALL_BODY_BYTES) res.end(bytes);
  else await writeInTurns(res, bytes);
}

/**
 * Large bodies share a budget of bytes per event-loop turn, whatever their number: the small requests that
 * arrive meanwhile are read and answered between turns, so downloads cannot stall them, while a lone large body
 * still goes out in a few big writes. 256 KiB measured best against 64 KiB, 16 KiB chunks per body, and whole
 * bodies: the throughput of whole bodies, and the lowest p99 of small reads beside 20 downloads.
 */
const BULK_BYTES_PER_TURN = 256 * 1024;
let bulkBudget = BULK_BYTES_PER_TURN;
let budgetRenewal = false;

function takeBulkBytes(wanted: number): number {
  if (!budgetRenewal) {
    budgetRenewal = true;
    setImmediate(() => {
      bulkBudget = BULK_BYTES_PER_TURN;
      budgetRenewal = false;
    });
  }
  const granted = Math.min(wanted, bulkBudget);
  bulkBudget -= granted;
  return granted;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export async function writeInTurns(res: ServerResponse, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length && !res.destroyed) {
    const granted = takeBulkBytes(bytes.length - offset);
    if (granted === 0) {
      await nextTurn();
      continue;
    }
    const chunk = bytes.subarray(offset, (offset += granted));
    if (offset >= bytes.length) return void res.end(chunk);
    if (!res.write(chunk)) await drainedOrClosed(res);
    else await nextTurn();
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
