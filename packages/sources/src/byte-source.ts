import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { validationError } from '@islamic-data/core';
import { announcedLength, cappedChunks, MAX_SOURCE_FILE_BYTES, tooLarge } from './capped-body.js';

/** The bytes of a file or an http(s) URL, read as a stream. */
export interface ByteSource {
  chunks: AsyncIterable<Uint8Array>;
  /** The size when known (file size, Content-Length), for progress. */
  totalBytes: number | null;
}

export const isHttpUrl = (location: string) => /^https?:\/\//i.test(location);

/**
 * Opens a file path or an http(s) URL for streaming; a missing file or a failed request is a validation
 * error. At most `maxBytes` are read: a larger file or announced body is refused before reading it, and
 * a body that goes on past the cap is cut off there (the stream fails with a validation error).
 */
export async function openByteSource(location: string, maxBytes = MAX_SOURCE_FILE_BYTES): Promise<ByteSource> {
  const overflow = () => tooLarge(location, maxBytes);
  if (isHttpUrl(location)) {
    const response = await fetch(location).catch((error: unknown) => {
      throw validationError(`Could not fetch ${location}: ${describeCause(error)}.`);
    });
    if (!response.ok || !response.body)
      throw validationError(`${location} answered ${response.status} ${response.statusText}.`);
    const length = announcedLength(response);
    if (length !== undefined && length > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw overflow();
    }
    return {
      chunks: cappedChunks(response.body as AsyncIterable<Uint8Array>, maxBytes, overflow),
      totalBytes: length !== undefined && length > 0 ? length : null,
    };
  }
  const stats = await stat(location).catch(() => undefined);
  if (!stats?.isFile()) throw validationError(`There is no file at ${location}.`);
  if (stats.size > maxBytes) throw overflow();
  return { chunks: cappedChunks(createReadStream(location), maxBytes, overflow), totalBytes: stats.size };
}

/** `name` inside a folder or below a base URL. */
export function locationWithin(base: string, name: string): string {
  return isHttpUrl(base) ? new URL(name, base.endsWith('/') ? base : `${base}/`).href : path.join(base, name);
}

export async function readJsonAt(location: string): Promise<unknown> {
  const { chunks } = await openByteSource(location);
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch (error) {
    throw validationError(`${location} is not valid JSON: ${(error as Error).message}.`);
  }
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error as Error).message ?? String(error);
}
