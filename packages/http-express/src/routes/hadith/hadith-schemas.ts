import { HADITH_LIMITS, HADITH_NUMBER_PATTERN, HADITH_PAGE_LIMIT, HADITH_REFS_LIMIT } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { mapOf, nullable } from '../../platform/schema.js';
import { languageCode, metadataProperties } from '../content-schemas.js';

/** Schemas of the Hadith routes (CONTRACT §10, §11, §13). The URL names the collection `{id}` (the spec's path). */

export const collectionSlug = Type.String({
  description: 'Collection slug: bukhari, muslim, abudawud, tirmidhi, nasai, ibnmajah, malik, nawawi40 or qudsi40.',
});

const hadithNumber = Type.String({
  pattern: HADITH_NUMBER_PATTERN,
  description:
    'The number the hadith is cited by (sunnah.com’s standard numbering; Malik’s sequence): `52`, `8a`, ' +
    '`Introduction 53`. ' +
    'Matched case-insensitively with whitespace ignored; a single number inside a record’s range or list ' +
    '(`5710` → `5709-5712`) ' +
    'and a number without its letter (`8` → the first `8a`) resolve to that record. A well-formed number ' +
    'no hadith has: 404.',
});

export const collectionParams = Type.Object({ id: collectionSlug });
export const hadithParams = Type.Object({ id: collectionSlug, number: hadithNumber });
export const translationParams = Type.Object({ id: collectionSlug, number: hadithNumber, locale: languageCode });

export const translationsQuery = Type.String({
  description:
    'Comma-separated language codes of the translations to include (e.g. `en`); absent: every language the hadith has.',
});

export const hadithCollection = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  nameAr: Type.String(),
  total: Type.Integer({ description: 'Published hadiths stored.' }),
  numbering: Type.Union([Type.Literal('sunnah.com'), Type.Literal('sequence')], {
    description: '`sunnah.com`: hadiths carry their standard numbers; `sequence` (Malik): the number is the position.',
  }),
});

const nullableText = (maxLength: number, description: string) =>
  nullable(Type.String({ minLength: 1, maxLength, pattern: '\\S' }), { description });

const hadithMetadataProperties = {
  narrator: nullableText(
    HADITH_LIMITS.narratorLength,
    'Who narrated it, e.g. as the English source names them; null when unknown.',
  ),
  grade: nullableText(
    HADITH_LIMITS.gradeLength,
    'Authenticity grade as sunnah.com shows it, the grade then its grader (`Hasan Sahih (Al-Albani)`); ' +
      'null when not graded ' +
      '(Bukhari, Muslim, Malik, the forties) or where the source’s grade field holds something else. A ' +
      're-import never ' +
      'overwrites a grade set here.',
  ),
  ...metadataProperties,
};

const hadithNumberField = Type.String({
  description: 'The number it is cited by, unique in the collection (`52`, `8a`, `5709-5712`, `Introduction 53`).',
});
const sequenceField = Type.Integer({ minimum: 1, description: 'Its position (1..n) in the collection’s order.' });

/** As stored: an import keeps the source's narrator and grade whole, so the write limits do not apply here. */
const storedHadithMetadata = {
  ...hadithMetadataProperties,
  narrator: nullable(Type.String(), { description: hadithMetadataProperties.narrator.description }),
  grade: nullable(Type.String(), { description: hadithMetadataProperties.grade.description }),
};

export const hadith = Type.Object({
  collection: Type.String(),
  number: hadithNumberField,
  sequence: sequenceField,
  reference: Type.Object({
    citation: Type.String({ description: 'How it is cited, e.g. `Sahih al-Bukhari 52`.' }),
    inBook: nullable(Type.Object({ book: Type.Integer(), hadith: Type.Integer() }), {
      description: 'sunnah.com’s in-book reference (Book 2, Hadith 45); null where the source gives none.',
    }),
  }),
  text_ar: nullable(Type.String(), {
    description: 'The Arabic original (read-only); null where the source has none (125 hadiths of Malik).',
  }),
  translations: mapOf(Type.String(), { description: 'Text by language code.' }),
  ...storedHadithMetadata,
  book: nullable(
    Type.Object({
      number: Type.Number({
        description: "The source's chapter id: 0 is an introduction; an-Nasa'i's Book of Agriculture is 35.2.",
      }),
      nameEn: Type.String(),
      nameAr: Type.String(),
    }),
  ),
  grades: Type.Array(
    Type.Object({
      grade: Type.String({ description: 'The verdict as the source writes it: `Hasan`, `Maudu (fabricated)`.' }),
      grader: nullable(Type.String(), { description: 'Who graded it (`Al-Albani`, `Darussalam`); null if unnamed.' }),
    }),
    {
      description:
        'Every grader the source names, in its order (Tirmidhi 2376: Al-Albani, then Darussalam); `grade` is ' +
        'the first. Once an editor has set `grade`, that grade alone. Empty when not graded.',
    },
  ),
});

const bookNumber = Type.Number({
  description:
    "The book's number, the source's chapter id: 0 is an introduction; an-Nasa'i's Book of Agriculture is 35.2.",
});

export const bookParams = Type.Object({ id: collectionSlug, book: bookNumber });

export const hadithBookSummary = Type.Object({
  number: bookNumber,
  nameEn: Type.String(),
  nameAr: Type.String(),
  firstNumber: Type.String({ description: 'The number of its first published hadith.' }),
  lastNumber: Type.String({ description: 'The number of its last published hadith.' }),
  count: Type.Integer({ minimum: 1, description: 'Its published hadiths.' }),
});

export const hadithPageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: HADITH_PAGE_LIMIT.min,
      maximum: HADITH_PAGE_LIMIT.max,
      default: HADITH_PAGE_LIMIT.default,
    }),
  ),
  startAfter: Type.Optional(
    Type.String({
      pattern: HADITH_NUMBER_PATTERN,
      description:
        'The `number` of the last hadith already seen (the previous page’s `nextStartAfter`); absent: ' +
        'from the start. ' +
        'A number the collection does not have: 400.',
    }),
  ),
  translations: Type.Optional(translationsQuery),
});

export const hadithPage = Type.Object({
  items: Type.Array(hadith),
  nextStartAfter: nullable(Type.String(), {
    description: 'Pass as `startAfter` for the next page; null: this was the last page.',
  }),
});

export const hadithMetadataPatch = Type.Partial(Type.Object(hadithMetadataProperties), {
  additionalProperties: false,
  minProperties: 1,
});

export const hadithDownloadEntry = Type.Object({
  collection: Type.String(),
  number: hadithNumberField,
  sequence: sequenceField,
  attribution: Type.String(),
  license: Type.String(),
  source_url: Type.String(),
  text: nullable(Type.String(), {
    description: 'Full text for public-domain editions (Arabic); null under translator copyright.',
  }),
});

export const hadithRefsQuery = Type.Object({
  refs: Type.String({
    minLength: 1,
    description:
      `1 to ${HADITH_REFS_LIMIT} comma-separated references \`collection:number\` ` +
      `(\`bukhari:52,muslim:8a\`), each resolved as the hadith path resolves its number.`,
  }),
  translations: Type.Optional(translationsQuery),
});

export const hadithRefResult = Type.Object({
  ref: Type.String(),
  hadith: nullable(hadith, { description: 'null where no (published) hadith has that number.' }),
});
