import { randomUUID } from 'node:crypto';
import {
  close,
  createReadStream,
  createWriteStream,
  mkdirSync,
  open,
  read,
  readdirSync,
  rmSync,
  stat,
  unlink,
  writeFile,
} from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { brotliParameters, compress, gzipOptions } from './compression.js';
import {
  answeredNotModified,
  entityTag,
  etagHeader,
  setBodyHeaders,
  STORE_FROM_BYTES,
  writeInTurns,
  type KeptRepresentation,
  type MadeBeside,
} from './representation.js';
/** How much of a stored body is read and written at a time, when it is streamed. */
export const CHUNK_BYTES = 256 * 1024;
/**
 * Files up to this size are read whole, with one read (open, read, close: callbacks of the threadpool), and sent
 * from memory in turns; larger ones (downloads) are streamed, so that no answer in flight holds megabytes (a
 * precomputed one is decompressed as a stream above it too). A stream's machinery (and fs/promises' file handles)
 * cost the event loop more than the read itself.
 */
export const READ_WHOLE_BYTES = 1024 * 1024;
/**
 * A file read whole for this many answers is kept in memory from then on, in the cache's budget of bytes in
 * memory: a popular download or surah is then sent as a representation in memory is, where each answer had read
 * its file into a buffer of its own. Beside 20 clients pulling the Arabic Quran (gzip, 0.6 MB) in a loop, the p99
 * of Qibla went from 13.5–14.3 to 3.0–3.9 ms, and the Qibla answered in the same time tripled. Answers read once or
 * twice (a calendar at random coordinates) stay in their files.
 */
export const READS_TO_KEEP_IN_MEMORY = 3;

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

  /** Removes a file written for an answer that is not kept in files after all. */
  remove(file: string): void {
    unlink(file, () => undefined);
  }
}

interface StoredFile {
  path: string;
  length: number;
}

/**
 * A large GET answer kept in files: its body, and each compressed variant made once (by the answer worker, with
 * the body, for the coding its first request asked for; else on first demand). The answer worker may have
 * written the body's file already (`MadeBeside.file`); else the body is held until its file is written. While it
 * is held, a variant is compressed from it in one job of the libuv threadpool; after that, from the body's file.
 * Answers from files are read when sent, so no answer holds a whole body in memory once it is written, until it
 * has been read `READS_TO_KEEP_IN_MEMORY` times. The entity tag is the body's, as for a representation in memory.
 */
export class StoredRepresentation implements KeptRepresentation {
  readonly etag: string;
  readonly length: number;
  size = 0;
  storedBytes = 0;
  onGrow?: (bytes: number, storedBytes?: number) => void;
  /** Settles once the body (and the variant made beside it) are in their files and out of memory. */
  readonly written: Promise<void>;
  private body: Buffer | null;
  private readonly base: string;
  /** Each coding made so far: its bytes while they are in memory, then its file. */
  private readonly made = new Map<ContentCoding, Promise<Buffer | StoredFile> | Buffer | StoredFile>();
  /** The codings whose files may exist. */
  private readonly filed = new Set<ContentCoding>();
  private readers = 0;
  private discarded = false;
  /** Answers sent from each coding's file, read whole. */
  private readonly reads = new Map<ContentCoding, number>();

  /**
   * `body` is its length alone when the builder wrote it only to its file (`madeBeside.file`, with its tag): a
   * download the builder wrote that way is not held whole in memory to be sent or written.
   */
  constructor(
    store: RepresentationFiles,
    body: Buffer | { length: number },
    readonly headers: Readonly<Record<string, string>>,
    madeBeside?: MadeBeside,
  ) {
    this.length = body.length;
    this.base = madeBeside?.file ?? store.nextPath();
    let identityWritten: Promise<unknown> | undefined;
    if (madeBeside?.file !== undefined) {
      this.etag = madeBeside.etag;
      this.body = null;
      this.made.set('identity', { path: madeBeside.file, length: body.length });
      this.filed.add('identity');
      this.storedBytes = body.length;
    } else if (Buffer.isBuffer(body)) {
      this.etag = madeBeside?.etag ?? entityTag(body);
      this.body = body;
      identityWritten = this.spill('identity', body);
    } else throw new Error('A body that is not in memory needs its file and its entity tag.');
    const variant = madeBeside?.variant;
    this.written = Promise.all([
      identityWritten,
      variant && this.spill(variant.coding, variant.bytes).catch(() => void this.made.delete(variant.coding)),
    ]).then(
      () => undefined,
      () => undefined,
    );
  }

  etagFor(coding: ContentCoding): string {
    return etagHeader(this.etag, coding);
  }

  async send(req: IncomingMessage, res: ServerResponse, cacheControl: string): Promise<void> {
    const coding = preferredCoding(req.headers['accept-encoding']);
    if (answeredNotModified(req, res, cacheControl, this.etagFor(coding), true)) return;
    this.readers++;
    try {
      const made = this.sourceOf(coding);
      const source = made instanceof Promise ? await made : made;
      const bytes =
        req.method === 'HEAD' || Buffer.isBuffer(source) || source.length > READ_WHOLE_BYTES
          ? source
          : await this.readFile(coding, source);
      setBodyHeaders(res, this.headers, coding, bytes.length);
      if (req.method === 'HEAD') res.end();
      else if (Buffer.isBuffer(bytes)) await writeInTurns(res, bytes);
      else await streamFile(res, bytes.path);
    } finally {
      this.readers--;
      this.removeWhenUnread();
    }
  }

  /** A file's bytes for one answer; at its READS_TO_KEEP_IN_MEMORY-th read they are kept in memory. */
  private async readFile(coding: ContentCoding, file: StoredFile): Promise<Buffer> {
    const bytes = await readWhole(file);
    const reads = (this.reads.get(coding) ?? 0) + 1;
    this.reads.set(coding, reads);
    const made = this.made.get(coding);
    if (reads >= READS_TO_KEEP_IN_MEMORY && !this.discarded && made !== undefined && !Buffer.isBuffer(made)) {
      this.made.set(coding, bytes);
      this.size += bytes.length;
      this.onGrow?.(bytes.length);
    }
    return bytes;
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
  private sourceOf(coding: ContentCoding): Promise<Buffer | StoredFile> | Buffer | StoredFile {
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

  /**
   * Keeps bytes in memory until their file is written, then only the file. A variant smaller than a body that is
   * stored (a page of 50 hadiths is 26 KB in brotli; a surah of 400 KB, 112 KB, is not) stays in memory, as a
   * representation in memory would hold it: no file to write, nor to open and read for each answer; the cache
   * counts it in its budget of bytes in memory.
   */
  private spill(coding: ContentCoding, bytes: Buffer): Promise<Buffer | StoredFile> {
    this.made.set(coding, bytes);
    this.size += bytes.length;
    this.onGrow?.(bytes.length);
    if (coding !== 'identity' && bytes.length < STORE_FROM_BYTES) return Promise.resolve(bytes);
    const file = { path: this.fileName(coding), length: bytes.length };
    this.filed.add(coding);
    return this.track(
      new Promise<Buffer | StoredFile>((resolve, reject) =>
        writeFile(file.path, bytes, (error) => {
          if (error) return reject(error);
          if (coding === 'identity') this.body = null;
          this.made.set(coding, file);
          this.size -= bytes.length;
          this.storedBytes += bytes.length;
          this.onGrow?.(-bytes.length, bytes.length);
          resolve(file);
        }),
      ),
    );
  }

  /** A variant made from the body's file: read whole and compressed in one job, or streamed when it is large. */
  private async compressFile(coding: Exclude<ContentCoding, 'identity'>): Promise<Buffer | StoredFile> {
    if (this.length <= READ_WHOLE_BYTES) {
      const bytes = await compress(coding, await readWhole({ path: this.base, length: this.length }));
      void this.spill(coding, bytes).catch(() => undefined);
      return bytes;
    }
    const target = this.fileName(coding);
    this.filed.add(coding);
    // Output in chunks as large as the input's: each chunk is a round trip between the threadpool and the event
    // loop, and with zlib's default of 16 KiB each chunk read took several.
    const zip =
      coding === 'gzip'
        ? createGzip({ ...gzipOptions(this.length), chunkSize: CHUNK_BYTES })
        : createBrotliCompress({ params: brotliParameters(this.length), chunkSize: CHUNK_BYTES });
    await pipeline(createReadStream(this.base, { highWaterMark: CHUNK_BYTES }), zip, createWriteStream(target));
    const { size } = await new Promise<{ size: number }>((resolve, reject) =>
      stat(target, (error, stats) => (error ? reject(error) : resolve(stats))),
    );
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
    for (const coding of this.filed) unlink(this.fileName(coding), () => undefined);
    this.filed.clear();
  }
}

/** A stored file's bytes, read whole into a buffer of their own. */
export function readWhole(file: StoredFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    open(file.path, 'r', (error, fd) => {
      if (error) return reject(error);
      const bytes = Buffer.allocUnsafeSlow(file.length);
      const readFrom = (offset: number): void =>
        read(fd, bytes, offset, file.length - offset, offset, (error, count) => {
          if (!error && count > 0 && offset + count < file.length) return readFrom(offset + count);
          close(fd, () => undefined);
          if (error) reject(error);
          else if (offset + count < file.length)
            reject(new Error(`${file.path} is shorter than ${file.length} bytes.`));
          else resolve(bytes);
        });
      readFrom(0);
    });
  });
}

/** Streams a file to the response; a client that goes away ends it quietly. */
const streamFile = (res: ServerResponse, file: string): Promise<void> =>
  streamTo(res, createReadStream(file, { highWaterMark: CHUNK_BYTES }));

/** Streams a body to the response; a client gone before its end is not an error. */
export async function streamTo(res: ServerResponse, ...body: [Readable, ...Transform[]]): Promise<void> {
  try {
    await pipeline([...body, res]);
  } catch (error) {
    if (!res.destroyed && !res.writableFinished) throw error;
  }
}
