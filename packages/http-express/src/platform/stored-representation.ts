import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { noneMatchHits } from './conditional.js';
import { preferredCoding, type ContentCoding } from './content-coding.js';
import { brotliParameters, writeInTurns, type KeptRepresentation } from './representation.js';

/** Bodies from this size on are kept in files, not in memory: whole juz, hadith pages, every download. */
export const STORE_FROM_BYTES = 64 * 1024;
/** How much of a stored body is read and written at a time. */
const CHUNK_BYTES = 64 * 1024;

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
 * A large GET answer kept in files: its body, and each compressed variant made once on first demand, by
 * streaming zlib (its work is done in the libuv threadpool, a chunk at a time, never on the event loop). The
 * first answer is sent from the body in memory while the file is written; later ones stream the file, so no
 * answer holds a whole body in memory. The entity tag is the body's, as for a representation in memory.
 */
export class StoredRepresentation implements KeptRepresentation {
  readonly etag: string;
  readonly length: number;
  size: number;
  storedBytes = 0;
  onGrow?: (bytes: number, storedBytes?: number) => void;
  /** Settles once the body is in its file and out of memory. */
  readonly written: Promise<void>;
  private body: Buffer | null;
  private readonly files = new Map<ContentCoding, Promise<StoredFile>>();
  private readers = 0;
  private discarded = false;

  constructor(
    private readonly store: RepresentationFiles,
    body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    this.etag = createHash('sha1').update(body).digest('base64url');
    this.body = body;
    this.length = body.length;
    this.size = body.length;
    const identity = this.track(this.writeBody(body));
    this.files.set('identity', identity);
    this.written = identity.then(
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
      const body = coding === 'identity' ? this.body : null;
      const file = body ? null : await this.fileOf(coding);
      res.statusCode = 200;
      for (const name in this.headers) res.setHeader(name, this.headers[name]!);
      if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
      res.setHeader('Content-Length', body ? body.length : file!.length);
      if (req.method === 'HEAD') res.end();
      else if (body) await writeInTurns(res, body);
      else await streamFile(res, file!.path);
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

  private fileOf(coding: ContentCoding): Promise<StoredFile> {
    let file = this.files.get(coding);
    if (!file) {
      file = this.track(this.compress(coding as Exclude<ContentCoding, 'identity'>));
      this.files.set(coding, file);
      file.catch(() => this.files.delete(coding));
    }
    return file;
  }

  private async writeBody(body: Buffer): Promise<StoredFile> {
    const file = { path: this.store.nextPath(), length: body.length };
    await writeFile(file.path, body);
    this.body = null;
    this.size -= body.length;
    this.storedBytes += body.length;
    this.onGrow?.(-body.length, body.length);
    return file;
  }

  private async compress(coding: Exclude<ContentCoding, 'identity'>): Promise<StoredFile> {
    const identity = await this.files.get('identity')!;
    const target = `${identity.path}.${coding}`;
    const zip =
      coding === 'gzip' ? createGzip({ level: 6 }) : createBrotliCompress({ params: brotliParameters(this.length) });
    await pipeline(createReadStream(identity.path, { highWaterMark: CHUNK_BYTES }), zip, createWriteStream(target));
    const { size } = await stat(target);
    this.storedBytes += size;
    this.onGrow?.(0, size);
    return { path: target, length: size };
  }

  /** Files being written or compressed count as readers: they are not removed under their writer. */
  private track(work: Promise<StoredFile>): Promise<StoredFile> {
    this.readers++;
    void work.then(
      () => this.untrack(),
      () => this.untrack(),
    );
    return work;
  }

  private untrack(): void {
    this.readers--;
    this.removeWhenUnread();
  }

  private removeWhenUnread(): void {
    if (!this.discarded || this.readers > 0) return;
    this.discarded = false;
    const made = [...this.files.values()];
    this.files.clear();
    for (const file of made) void file.then(({ path: name }) => unlink(name)).catch(() => undefined);
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
