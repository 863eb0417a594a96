import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { entityTagHash, STORE_FROM_BYTES } from './representation.js';

/** A body that is only in its file: where, how many bytes, and its entity tag. */
export interface FiledBody {
  file: string;
  length: number;
  etag: string;
}

/**
 * Text in pieces as a body: in memory when the whole is smaller than a body kept in files (`STORE_FROM_BYTES`),
 * else written to `file` piece by piece as UTF-8 and hashed as it goes (the tag of `entityTag` over the same bytes),
 * so that it is never whole in memory. A write that fails removes the file and leaves the body to be made in memory
 * (`undefined`); an error of the pieces themselves (serialising them) is thrown as it is.
 */
export function filedBody(file: string, pieces: Iterable<string>): Buffer | FiledBody | undefined {
  const iterator = pieces[Symbol.iterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  for (let next = iterator.next(); ; next = iterator.next()) {
    if (next.done) return Buffer.concat(head, headBytes);
    const bytes = Buffer.from(next.value);
    head.push(bytes);
    headBytes += bytes.length;
    if (headBytes >= STORE_FROM_BYTES) break;
  }
  const hash = entityTagHash();
  let fd: number | undefined;
  let length = 0;
  const write = (bytes: Buffer) => {
    hash.update(bytes);
    for (let written = 0; written < bytes.length;) written += writeSync(fd!, bytes, written);
    length += bytes.length;
  };
  try {
    fd = openSync(file, 'w');
    for (const bytes of head.splice(0)) write(bytes);
    for (let next = iterator.next(); !next.done; next = iterator.next()) write(Buffer.from(next.value));
    const open = fd;
    fd = undefined;
    closeSync(open);
    return { file, length, etag: hash.digest('base64url') };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(file, { force: true });
    if (isFileError(error)) return undefined;
    throw error;
  }
}

/** An error of the file system (it names its system call), not of the pieces. */
const isFileError = (error: unknown): boolean => typeof (error as NodeJS.ErrnoException)?.syscall === 'string';
