import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compress } from './compression.js';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { noneMatchHits } from './conditional.js';

/** Below this a body is always sent as it is: compressing it saves less than its headers weigh. */
export const COMPRESS_FROM_BYTES = 1024;
/** Bodies up to this size are written at once. */
const SMALL_BODY_BYTES = 16 * 1024;

/** The entity tag of a body (without its coding's suffix and quotes). */
export const entityTag = (body: Uint8Array): string => createHash('sha1').update(body).digest('base64url');

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
 * One GET answer as bytes: its body, its entity tag and its headers, with each compressed variant made once
 * (off the event loop) on first demand and kept. Every GET success goes through `send`, so GET and HEAD
 * announce the same coding, length and tag, and a matching If-None-Match is a 304.
 */
export class Representation implements KeptRepresentation {
  readonly etag: string;
  private readonly variants = new Map<ContentCoding, Promise<Buffer> | Buffer>();
  /** Bytes held: the body and the variants made so far. */
  size: number;
  readonly storedBytes = 0;
  onGrow?: (bytes: number) => void;

  constructor(
    readonly body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
    made?: MadeBeside,
  ) {
    this.etag = made?.etag ?? entityTag(body);
    this.size = body.length;
    if (made?.variant) {
      this.variants.set(made.variant.coding, made.variant.bytes);
      this.size += made.variant.bytes.length;
    }
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
      if (Buffer.isBuffer(variant)) {
        this.size += variant.length;
        this.onGrow?.(variant.length);
        return variant;
      }
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
    const pending = this.bytes(coding);
    const bytes = Buffer.isBuffer(pending) ? pending : await pending;
    res.statusCode = 200;
    for (const name in this.headers) res.setHeader(name, this.headers[name]!);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', bytes.length);
    if (req.method === 'HEAD') res.end();
    else if (bytes.length <= SMALL_BODY_BYTES) res.end(bytes);
    else await writeInTurns(res, bytes);
  }
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
