import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { noneMatchHits } from './conditional.js';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { brotliParameters, compress, gzipOptions } from './compression.js';
import { writeInTurns, type KeptRepresentation } from './representation.js';

/** Bodies from this size on are kept in files, not in memory: whole juz, hadith pages, every download. */
export const STORE_FROM_BYTES = 64 * 1024;
/** How much of a stored body is read and written at a time. */
const CHUNK_BYTES = 256 * 1024;

const folders = new Set<string>();
let removeAtExit = false;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The folder of one process's stored representations, under `base`: made empty when the app starts and removed
 * when the process exits (with the folders of processes that are gone). Nothing in it outlives the process, so a
 * restored backup, whose content versions may repeat numbers, can never meet an answer of other content.
 */
export class RepresentationFiles {
  private next = 0;

  private constructor(readonly dir: string) {}

  static open(base: string): RepresentationFiles {
    mkdirSync(base, { recursive: true });
    for (const name of readdirSync(base)) {
      const pid = Number(name.split('-')[0]);
      if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
        rmSync(path.join(base, name), { recursive: true, force: true });
    }
    const dir = path.join(base, `${process.pid}-${randomUUID()}`);
    mkdirSync(dir);
    folders.add(dir);
    if (!removeAtExit) {
      removeAtExit = true;
      process.once('exit', () => {
        for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      });
    }
    return new RepresentationFiles(dir);
  }

  /** A new file name: never reused, so a file belongs to one answer at one set of content versions. */
  nextPath(): string {
    return path.join(this.dir, String(this.next++));
  }
}

interface StoredFile {
  path: string;
  length: number;
}

/**
 * A large GET answer kept in files: its body, and each compressed variant made once on first demand. While the
 * body is still in memory (it is, until its file is written) a variant is compressed from it in one job of the
 * libuv threadpool and sent from memory while it is written to its file; after that, a variant is compressed by
 * streaming zlib from the body's file (also in the threadpool, a chunk at a time). Answers from files are
 * streamed, so no answer holds a whole body in memory once it is written. The entity tag is the body's, as for a
 * representation in memory.
 */
export class StoredRepresentation implements KeptRepresentation {
  readonly etag: string;
  readonly length: number;
  size = 0;
  storedBytes = 0;
  onGrow?: (bytes: number, storedBytes?: number) => void;
  /** Settles once the body is in its file and out of memory. */
  readonly written: Promise<void>;
  private body: Buffer | null;
  private readonly base: string;
  /** Each coding made so far: its bytes while they are in memory, then its file. */
  private readonly made = new Map<ContentCoding, Promise<Buffer | StoredFile>>();
  private readers = 0;
  private discarded = false;

  constructor(
    store: RepresentationFiles,
    body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    this.etag = createHash('sha1').update(body).digest('base64url');
    this.body = body;
    this.length = body.length;
    this.base = store.nextPath();
    this.written = this.spill('identity', body).then(
      () => undefined,
      () => undefined,
    );
  }

  etagFor(coding: ContentCoding): string {
    return coding === 'identity' ? `"${this.etag}"` : `"${this.etag}-${coding}"`;
  }

  async send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void> {
    const coding = preferredCoding(req.headers['accept-encoding']);
    const etag = this.etagFor(coding);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (noneMatchHits(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    this.readers++;
    try {
      const source = await this.sourceOf(coding);
      res.statusCode = 200;
      for (const name in this.headers) res.setHeader(name, this.headers[name]!);
      if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
      res.setHeader('Content-Length', source.length);
      if (req.method === 'HEAD') res.end();
      else if (Buffer.isBuffer(source)) await writeInTurns(res, source);
      else await streamFile(res, source.path);
    } finally {
      this.readers--;
      this.removeWhenUnread();
    }
  }

  /** The cache let it go: its files go once no answer is reading them. */
  discard(): void {
    this.discarded = true;
    this.removeWhenUnread();
  }

  private fileName(coding: ContentCoding): string {
    return coding === 'identity' ? this.base : `${this.base}.${coding}`;
  }

  /** The bytes of a coding, from memory or from its file; a variant not made yet is made once. */
  private sourceOf(coding: ContentCoding): Promise<Buffer | StoredFile> {
    const made = this.made.get(coding);
    if (made) return made;
    const variant = coding as Exclude<ContentCoding, 'identity'>;
    const making: Promise<Buffer | StoredFile> = this.body
      ? Promise.resolve(compress(variant, this.body)).then((bytes) => {
          void this.spill(variant, bytes).catch(() => undefined);
          return bytes;
        })
      : this.compressFile(variant);
    this.made.set(coding, making);
    void this.track(making).catch(() => this.made.delete(coding));
    return making;
  }

  /** Keeps bytes in memory until their file is written, then only the file. */
  private spill(coding: ContentCoding, bytes: Buffer): Promise<StoredFile> {
    const file = { path: this.fileName(coding), length: bytes.length };
    this.made.set(coding, Promise.resolve(bytes));
    this.size += bytes.length;
    this.onGrow?.(bytes.length);
    return this.track(
      writeFile(file.path, bytes).then(() => {
        if (coding === 'identity') this.body = null;
        this.made.set(coding, Promise.resolve(file));
        this.size -= bytes.length;
        this.storedBytes += bytes.length;
        this.onGrow?.(-bytes.length, bytes.length);
        return file;
      }),
    );
  }

  private async compressFile(coding: Exclude<ContentCoding, 'identity'>): Promise<StoredFile> {
    const target = this.fileName(coding);
    const zip =
      coding === 'gzip'
        ? createGzip(gzipOptions(this.length))
        : createBrotliCompress({ params: brotliParameters(this.length) });
    await pipeline(createReadStream(this.base, { highWaterMark: CHUNK_BYTES }), zip, createWriteStream(target));
    const { size } = await stat(target);
    this.storedBytes += size;
    this.onGrow?.(0, size);
    return { path: target, length: size };
  }

  /** Work that writes or reads the files counts as a reader: the files are not removed under it. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.readers++;
    const done = () => {
      this.readers--;
      this.removeWhenUnread();
    };
    void work.then(done, done);
    return work;
  }

  private removeWhenUnread(): void {
    if (!this.discarded || this.readers > 0) return;
    this.discarded = false;
    this.made.clear();
    this.body = null;
    for (const coding of ['identity', 'gzip', 'br'] as const) void unlink(this.fileName(coding)).catch(() => undefined);
  }
}

/** Streams a file to the response; a client that goes away ends it quietly. */
async function streamFile(res: ServerResponse, file: string): Promise<void> {
  try {
    await pipeline(createReadStream(file, { highWaterMark: CHUNK_BYTES }), res);
  } catch (error) {
    if (!res.destroyed && !res.writableFinished) throw error;
  }
}
