import { validationError } from '@islamic-data/core';

/**
 * The most one upstream file may hold when no manifest pins its size (a URL or a path given to an
 * import): 64 MiB, about 17 times the largest file any supported source has (quran-json's 3.7 MB
 * Bengali edition). A pinned file (`import all`) is held to its exact size instead.
 */
export const MAX_SOURCE_FILE_BYTES = 64 * 1024 * 1024;

export const tooLarge = (location: string, maxBytes: number) =>
  validationError(`${location} is larger than ${maxBytes} bytes, the most an import reads from one file; not read.`);

/**
 * The length of the body an answer announces, when it gives a usable one: its Content-Length, unless the
 * body is compressed (fetch hands over the decoded bytes, whose length it does not announce).
 */
export function announcedLength(response: Response): number | undefined {
  const encoding = response.headers.get('content-encoding');
  if (encoding !== null && encoding.toLowerCase() !== 'identity') return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * The chunks of a stream, which stop with `onOverflow()` as soon as more than `maxBytes` came: the
 * rest is never read (leaving the loop cancels the stream, which closes the connection).
 */
export async function* cappedChunks(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
  onOverflow: () => Error,
): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of chunks) {
    received += chunk.byteLength;
    if (received > maxBytes) throw onOverflow();
    yield chunk;
  }
}

/** A 2xx answer's body, read while it stays within `maxBytes` (refused from its Content-Length when it says more). */
export async function readCappedBody(
  response: Response,
  url: string,
  maxBytes = MAX_SOURCE_FILE_BYTES,
): Promise<Buffer> {
  const announced = announcedLength(response);
  if (announced !== undefined && announced > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(url, maxBytes);
  }
  const parts: Uint8Array[] = [];
  if (response.body)
    for await (const chunk of cappedChunks(response.body as AsyncIterable<Uint8Array>, maxBytes, () =>
      tooLarge(url, maxBytes),
    ))
      parts.push(chunk);
  return Buffer.concat(parts);
}
