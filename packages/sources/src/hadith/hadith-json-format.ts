import { validationError, type HadithBook, type HadithSourceCollection, type SourceHadith } from '@islamic-data/core';
import { catalogueEntryByBookId, cataloguePosition, hadithJsonEditions } from './hadith-json-catalogue.js';

/** The shapes of hadith-json's files (see shared/data/README.md). */
interface JsonHadith {
  idInBook: number;
  chapterId: number;
  bookId: number;
  arabic?: string | null;
  english?: { narrator?: string | null; text?: string | null } | null;
}

interface JsonChapter {
  id: number;
  bookId: number;
  arabic: string;
  english: string;
}

interface JsonMetadata {
  arabic: { title: string };
  english: { title: string };
}

/** `db/by_chapter/<group>/<slug>/<n>.json`: one kitab. */
export interface HadithJsonChapterFile {
  metadata: JsonMetadata;
  hadiths: JsonHadith[];
  chapter: JsonChapter;
}

/** `db/by_book/<group>/<slug>.json`: a whole collection. */
export interface HadithJsonBookFile {
  metadata: JsonMetadata & { id: number };
  chapters: JsonChapter[];
  hadiths: JsonHadith[];
}

export interface HadithJsonText {
  /** Where the text came from (a path or URL), for messages. */
  name: string;
  text: string;
}

export type HadithJsonFile =
  | { kind: 'chapter'; name: string; file: HadithJsonChapterFile }
  | { kind: 'book'; name: string; file: HadithJsonBookFile };

/** Parses a hadith-json file and tells which layout it has; anything else is a validation error naming the file. */
export function parseHadithJsonFile({ name, text }: HadithJsonText): HadithJsonFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw validationError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const fail = (what: string) => validationError(`${name} is not a hadith-json file: ${what}.`);
  if (!isObject(value) || !isObject(value.metadata) || !Array.isArray(value.hadiths))
    throw fail('it lacks metadata or hadiths');
  const { english, arabic } = value.metadata;
  if (
    !isObject(english) ||
    !isObject(arabic) ||
    typeof english.title !== 'string' ||
    typeof arabic.title !== 'string'
  ) {
    throw fail('its metadata lacks the english and arabic titles');
  }
  value.hadiths.forEach((hadith, index) => {
    if (!isObject(hadith) || typeof hadith.bookId !== 'number' || typeof hadith.chapterId !== 'number') {
      throw fail(`hadith ${index + 1} lacks bookId or chapterId`);
    }
    if (hadith.arabic != null && typeof hadith.arabic !== 'string')
      throw fail(`hadith ${index + 1} has a non-text arabic`);
    if (
      hadith.english != null &&
      (!isObject(hadith.english) || !isOptionalText(hadith.english.text) || !isOptionalText(hadith.english.narrator))
    ) {
      throw fail(`hadith ${index + 1} has a malformed english`);
    }
  });
  if (isChapter(value.chapter)) return { kind: 'chapter', name, file: value as unknown as HadithJsonChapterFile };
  if (Array.isArray(value.chapters) && value.chapters.every(isChapter) && typeof value.metadata.id === 'number') {
    value.hadiths.forEach((hadith, index) => {
      if (typeof (hadith as JsonHadith).idInBook !== 'number') throw fail(`hadith ${index + 1} lacks idInBook`);
    });
    return { kind: 'book', name, file: value as unknown as HadithJsonBookFile };
  }
  throw fail('it has neither a chapter nor a chapters list');
}

/**
 * A collection from its `by_chapter` files: ordered by `chapter.id` (not by file name: 0 is an
 * introduction, an-Nasa'i has 35.2) and concatenated; a hadith's number is its place in that order.
 */
export function collectionFromChapterFiles(
  files: { name: string; file: HadithJsonChapterFile }[],
): HadithSourceCollection {
  if (files.length === 0) throw validationError('A collection needs at least one chapter file.');
  const sorted = [...files].sort((a, b) => a.file.chapter.id - b.file.chapter.id);
  const duplicate = sorted.find(
    (entry, index) => index > 0 && entry.file.chapter.id === sorted[index - 1]!.file.chapter.id,
  );
  if (duplicate) throw validationError(`${duplicate.name} repeats chapter id ${duplicate.file.chapter.id}.`);
  const bookId = sorted[0]!.file.chapter.bookId;
  const stranger = sorted.find((entry) => entry.file.chapter.bookId !== bookId);
  if (stranger)
    throw validationError(
      `${stranger.name} belongs to book ${stranger.file.chapter.bookId}, not ${bookId} like ${sorted[0]!.name}.`,
    );
  const hadiths = sorted.flatMap(({ file }) => file.hadiths.map((hadith) => ({ hadith, bookNumber: file.chapter.id })));
  return assemble(
    bookId,
    sorted[0]!.file.metadata,
    sorted.map(({ file }) => file.chapter),
    hadiths,
    sorted[0]!.name,
  );
}

/** A collection from its whole-book file: hadiths in `idInBook` order, chapters from its list. */
export function collectionFromBookFile({
  name,
  file,
}: {
  name: string;
  file: HadithJsonBookFile;
}): HadithSourceCollection {
  const chapterIds = new Set(file.chapters.map((chapter) => chapter.id));
  const hadiths = [...file.hadiths]
    .sort((a, b) => a.idInBook - b.idInBook)
    .map((hadith) => ({ hadith, bookNumber: chapterIds.has(hadith.chapterId) ? hadith.chapterId : null }));
  return assemble(file.metadata.id, file.metadata, file.chapters, hadiths, name);
}

function assemble(
  bookId: number,
  metadata: JsonMetadata,
  chapters: JsonChapter[],
  hadiths: { hadith: JsonHadith; bookNumber: number | null }[],
  name: string,
): HadithSourceCollection {
  const entry = catalogueEntryByBookId(bookId);
  if (!entry) throw validationError(`${name} belongs to book ${bookId}, which is not one of the nine collections.`);
  const info = {
    slug: entry.slug,
    name: metadata.english.title.trim(),
    nameAr: metadata.arabic.title.trim(),
    position: cataloguePosition(entry.slug),
    numbering: 'sequence' as const,
  };
  const books: HadithBook[] = chapters.map((chapter) => ({
    number: chapter.id,
    nameEn: chapter.english.trim(),
    nameAr: chapter.arabic.trim(),
  }));
  // Numbered by position until joined with hadith-refs (hadith-refs-join.ts).
  const sourceHadiths: SourceHadith[] = hadiths.map(({ hadith, bookNumber }, index) => ({
    sequence: index + 1,
    number: String(index + 1),
    citation: `${info.name} ${index + 1}`,
    inBook: null,
    grade: null,
    textAr: textOrNull(hadith.arabic),
    narrator: textOrNull(hadith.english?.narrator)?.trim() ?? null,
    bookNumber,
    translations: { en: textOrNull(hadith.english?.text) },
  }));
  const languages = {
    ar: sourceHadiths.some((hadith) => hadith.textAr !== null),
    en: sourceHadiths.some((hadith) => hadith.translations.en !== null),
  };
  return { info, books, hadiths: sourceHadiths, editions: hadithJsonEditions(info, languages) };
}

/** Empty and blank texts are absent texts. */
const textOrNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionalText = (value: unknown) => value == null || typeof value === 'string';
const isChapter = (value: unknown): value is JsonChapter =>
  isObject(value) &&
  typeof value.id === 'number' &&
  typeof value.bookId === 'number' &&
  typeof value.arabic === 'string' &&
  typeof value.english === 'string';
