/** Entries serialised per string: a few hundred KB of text at most, whatever the list's length. */
const ENTRIES_PER_PIECE = 256;

/**
 * `{"data": …}` as UTF-8 bytes, the very bytes of `JSON.stringify({ data })`. A long list (a download: every hadith
 * of a collection, 19 MB of JSON) is serialised a few hundred entries at a time into bytes outside the V8 heap,
 * instead of one string of the whole (two bytes a character for Arabic text: 38 MB) beside the list itself: that
 * string had run the answer worker out of its 64 MB heap.
 */
export function envelopeBytes(data: unknown): Buffer {
  if (!Array.isArray(data) || data.length <= ENTRIES_PER_PIECE) return Buffer.from(JSON.stringify({ data }));
  return Buffer.concat(Array.from(envelopePieces(data), (piece) => Buffer.from(piece)));
}

/**
 * `JSON.stringify({ data })` in pieces whose concatenation is the whole: a long list a few hundred entries at a
 * time, so that a body written piece by piece (a download, straight to its file) is never one string.
 */
export function* envelopePieces(data: unknown): Generator<string> {
  if (!Array.isArray(data) || data.length <= ENTRIES_PER_PIECE) {
    yield JSON.stringify({ data });
    return;
  }
  yield '{"data":[';
  for (let start = 0; start < data.length; start += ENTRIES_PER_PIECE) {
    const entries = data.slice(start, start + ENTRIES_PER_PIECE).map(serialisedEntry);
    yield (start === 0 ? '' : ',') + entries.join(',');
  }
  yield ']}';
}

/** An entry as JSON.stringify writes it inside a list: what has no JSON (undefined, a function) is `null`. */
const serialisedEntry = (entry: unknown): string => JSON.stringify(entry) ?? 'null';
