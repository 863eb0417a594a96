import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzip,
  gzipSync,
  type ZlibOptions,
} from 'node:zlib';
import type { ContentCoding } from './content-coding.js';

/**
 * Bodies up to this size are compressed on the event loop: handing a small body to the threadpool costs more CPU
 * (about 60 µs measured for 2 KB) than compressing it (about 25 µs with brotli at quality 2), and an answer
 * computed for one request (a prayer time at random coordinates) pays it once.
 */
export const COMPRESS_IN_PLACE_BYTES = 8 * 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** log2 of the smallest power of two that holds `length` bytes, within [min, max]. */
const windowBitsFor = (length: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.ceil(Math.log2(Math.max(length, 1)))));

/**
 * The largest brotli window, 2^20 bytes (1 MiB). An encoder's memory follows its window: streaming the 13.6 MB
 * Arabic download of Bukhari it held 32.9 MB at 2^24, 8.9 at 2^22 and 2.9 at 2^20, for 0.15 % more bytes (1,868,178
 * against 1,865,732) and 8 % less CPU; on the Arabic Quran (3.9 MB), 0.07 % more. At quality 2 references far back
 * are few. On the mix (closed loop, 30,000 requests, five runs each, interleaved) the server's peak RSS went from
 * 335–346 MB to 319–332 MB: two downloads compressed at once held 69 MB at 2^24.
 */
const MAX_BROTLI_WINDOW_BITS = 20;

/**
 * The brotli parameters of a body of `length` bytes: quality 2, and a window no larger than the body nor 1 MiB (as
 * fast and as small as the default 4 MB window on the answers measured; it only bounds what an encoder may hold). On
 * hadiths and prayer times (1–2 KB) quality 2 took half the time of quality 4 (25 against 49 µs) for 8 % more
 * bytes (881 against 816). On large answers, which the answer worker compresses (the mix's busiest thread), quality
 * 2 took 40–45 % less CPU than quality 4 for 5–8 % more bytes (a 400 KB surah with three translations: 2.4 against
 * 4.2 ms, 122 against 112 KB; a page of 50 hadiths: 0.64 against 1.14 ms, 32.7 against 30.5 KB); most large answers
 * are read once (a calendar at random coordinates, a hadith page from a random hadith), so each pays its
 * compression. On the mix the worker went from 8 to 11 % idle.
 */
export const brotliParameters = (length: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: 2,
  [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(length, constants.BROTLI_MIN_WINDOW_BITS, MAX_BROTLI_WINDOW_BITS),
  [constants.BROTLI_PARAM_SIZE_HINT]: length,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
});

/**
 * gzip level 6 with a window (and a hash table: memLevel) sized to the body: zlib's default (32 KB window,
 * memLevel 8) allocates about 256 KB per stream and clears its hash table, far more than a 2 KB answer needs.
 * The window still holds the whole body: on the answers tried (1 to 33 KB) the output was as small and as fast
 * to make as before; what changes is the memory each stream takes.
 */
export function gzipOptions(length: number): ZlibOptions {
  // zlib's deflate needs a window at least 262 bytes (MIN_LOOKAHEAD) larger than what it looks back over.
  const windowBits = windowBitsFor(length + 262, 9, 15);
  return { level: 6, windowBits, memLevel: Math.min(8, Math.max(1, windowBits - 7)) };
}

/**
 * The output buffer of a threadpool job: half the body, more than the answers compress to, so that one job
 * makes the whole variant. With zlib's 16 KiB chunks each chunk was a round trip through the event loop: 7 for a
 * surah of 400 KB, whose main-thread CPU went from about 250 to 80 µs with one.
 */
const jobChunkBytes = (length: number) => Math.max(16 * 1024, Math.ceil(length / 2));

/**
 * The bytes in a buffer of their own: zlib answers a view of its output buffer (16 KiB, or a job's), which would
 * keep that whole buffer alive with a variant of 900 bytes while the representation cache counts 900.
 */
function trimmed(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * A body compressed in the calling thread, with the parameters of its size: on the event loop for small bodies,
 * and by the answer worker for the large answers it builds.
 */
export function compressSync(coding: Exclude<ContentCoding, 'identity'>, body: Uint8Array): Buffer {
  const chunkSize = body.length <= COMPRESS_IN_PLACE_BYTES ? undefined : jobChunkBytes(body.length);
  return trimmed(
    coding === 'gzip'
      ? gzipSync(body, { ...gzipOptions(body.length), chunkSize })
      : brotliCompressSync(body, { params: brotliParameters(body.length), chunkSize }),
  );
}

/** A body compressed: in place when small, else in the libuv threadpool (one job, off the event loop). */
export function compress(coding: Exclude<ContentCoding, 'identity'>, body: Buffer): Promise<Buffer> | Buffer {
  if (body.length <= COMPRESS_IN_PLACE_BYTES) return compressSync(coding, body);
  const chunkSize = jobChunkBytes(body.length);
  const compressed =
    coding === 'gzip'
      ? gzipAsync(body, { ...gzipOptions(body.length), chunkSize })
      : brotliAsync(body, { params: brotliParameters(body.length), chunkSize });
  return compressed.then(trimmed);
}

/** A variant's bytes decompressed, in the calling thread. */
export const decompressSync = (coding: Exclude<ContentCoding, 'identity'>, bytes: Buffer): Buffer =>
  coding === 'gzip' ? gunzipSync(bytes) : brotliDecompressSync(bytes);
