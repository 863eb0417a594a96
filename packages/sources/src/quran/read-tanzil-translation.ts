import type { TanzilTranslation } from '@islamic-data/core';
import { openByteSource } from '../byte-source.js';
import { parseTanzilTranslation } from './tanzil-xml.js';

/**
 * Streams a Tanzil translation XML file from a path or an http(s) URL and parses it whole, so a
 * truncated or interrupted download fails here, before anything is imported.
 */
export async function readTanzilTranslation(
  from: string,
  /** Bytes read so far, and the total when known. */
  onProgress?: (bytesRead: number, totalBytes: number | null) => void,
): Promise<TanzilTranslation> {
  const { chunks, totalBytes } = await openByteSource(from);
  let bytesRead = 0;
  async function* counted() {
    for await (const chunk of chunks) {
      bytesRead += chunk.length;
      onProgress?.(bytesRead, totalBytes);
      yield chunk;
    }
  }
  return parseTanzilTranslation(counted());
}
