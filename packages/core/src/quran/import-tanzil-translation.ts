import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { assertWritableLocale } from '../shared/locale.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { openByteSource } from '../shared/byte-source.js';
import { importQuranTranslation, type QuranEditionImportResult } from './import-quran.js';
import { tanzilEdition, type EditionOverrides } from './tanzil-edition.js';
import { parseTanzilTranslation } from './tanzil-xml.js';

export interface TanzilImportInput {
  lang: string;
  /** A file path or an http(s) URL of a Tanzil translation XML file. */
  from: string;
  /** What the operator states about the edition; the rest comes from the file's header. */
  edition?: EditionOverrides;
  actor?: Actor;
  /** Bytes read so far, and the total when known. */
  onProgress?: (bytesRead: number, totalBytes: number | null) => void;
}

/**
 * Streams a Tanzil translation from a file or URL, then imports it in one transaction. Nothing is
 * written until the whole document has been read and checked, so a truncated or interrupted
 * download leaves the database as it was.
 */
export async function importTanzilTranslation(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  input: TanzilImportInput,
): Promise<QuranEditionImportResult> {
  assertWritableLocale(input.lang);
  const { chunks, totalBytes } = await openByteSource(input.from);
  let bytesRead = 0;
  async function* counted() {
    for await (const chunk of chunks) {
      bytesRead += chunk.length;
      input.onProgress?.(bytesRead, totalBytes);
      yield chunk;
    }
  }
  const { header, texts } = await parseTanzilTranslation(counted());
  const edition = tanzilEdition(input.lang, header, input.edition);
  return importQuranTranslation(deps, { edition, texts }, { actor: input.actor });
}
