import {
  AppError,
  validationError,
  type AyahText,
  type TanzilHeader,
  type TanzilTranslation,
} from '@islamic-data/core';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

const HEADER_FIELDS: Record<string, keyof TanzilHeader> = {
  name: 'name',
  translator: 'translator',
  language: 'language',
  id: 'id',
  'last update': 'lastUpdate',
  source: 'source',
};

/**
 * Reads a Tanzil translation (`<quran><sura index><aya index text/></sura></quran>`) with a
 * streaming XML parser, chunk by chunk, so entities and line endings are handled by XML rules.
 * A malformed or truncated document is a validation error naming the line.
 */
export async function parseTanzilTranslation(chunks: AsyncIterable<Uint8Array | string>): Promise<TanzilTranslation> {
  const parser = new SaxesParser();
  const header: TanzilHeader = {};
  const texts: AyahText[] = [];
  let rootSeen = false;
  let sura: number | null = null;
  const fail = (message: string) => validationError(`The Tanzil XML is invalid at line ${parser.line}: ${message}`);
  const index = (tag: SaxesTagPlain) => {
    const value = tag.attributes.index;
    if (value === undefined || !/^[1-9]\d{0,3}$/.test(value))
      throw fail(`<${tag.name}> needs a positive integer index, got '${value ?? ''}'.`);
    return Number(value);
  };

  parser.on('comment', (comment) => {
    if (!rootSeen) Object.assign(header, parseHeader(comment));
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'quran') {
      rootSeen = true;
    } else if (!rootSeen) {
      throw fail(`the root element must be <quran>, not <${tag.name}>.`);
    } else if (tag.name === 'sura') {
      if (sura !== null) throw fail('<sura> inside <sura>.');
      sura = index(tag);
    } else if (tag.name === 'aya') {
      if (sura === null) throw fail('<aya> outside <sura>.');
      const text = tag.attributes.text;
      if (text === undefined) throw fail('<aya> has no text attribute.');
      texts.push({ surah: sura, ayah: index(tag), text });
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'sura') sura = null;
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks)
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail((error as Error).message.replace(/^\d+:\d+:\s*/, ''));
  }
  return { header, texts };
}

/** `#  Translator: Name` lines of the header comment. */
function parseHeader(comment: string): TanzilHeader {
  const header: TanzilHeader = {};
  for (const line of comment.split(/\r?\n/)) {
    const match = /^\s*#?\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(.*\S)\s*$/.exec(line);
    const field = match && HEADER_FIELDS[match[1]!.toLowerCase()];
    if (field) header[field] = match[2]!;
  }
  return header;
}
