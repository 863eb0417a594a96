import { Type } from '@sinclair/typebox';
import { mapOf, nullable, stringEnum } from '../../platform/schema.js';
import { languageCode, metadataProperties } from '../content-schemas.js';

/** Schemas of the Quran routes (CONTRACT §9, §11, §13). */

/** The surahs of the mushaf. */
export const SURAH_COUNT = 114;

const surahNumber = Type.Integer({ description: 'Surah number, 1 to 114; another integer gives 404.' });
const ayahNumber = Type.Integer({
  description: "Ayah number within the surah, from 1; beyond the surah's ayah count gives 404.",
});

export const surahParams = Type.Object({ surah: surahNumber });
export const ayahParams = Type.Object({ surah: surahNumber, ayah: ayahNumber });
export const ayahTranslationParams = Type.Object({ surah: surahNumber, ayah: ayahNumber, locale: languageCode });
export const downloadParams = Type.Object({ lang: languageCode });
export const surahDownloadParams = Type.Object({ lang: languageCode, surah: surahNumber });

export const translationsQuery = Type.Object({
  translations: Type.Optional(
    Type.String({
      description:
        'Comma-separated language codes of the translations to include, e.g. `en,ru,tr`; ' +
        'absent: every language the ayah has. ' +
        'A malformed code: 400; a code with no text: that key is absent.',
    }),
  ),
});

export const credit = Type.Object(
  {
    attribution: Type.String(),
    license: Type.String(),
    source_url: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * The paths of a Quran read to precompute: each of its `count` numbers, with every translation (the default) and
 * with each alone (`?translations=en`): what apps ask for most. Other sets of translations are built when asked.
 */
export function withEachTranslation(count: number, path: (n: number) => string, languages: string[]): string[] {
  const queries = ['', ...languages.filter((lang) => lang !== 'ar').map((lang) => `?translations=${lang}`)];
  return Array.from({ length: count }, (_, i) => queries.map((query) => path(i + 1) + query)).flat();
}

/** `translations`, and the study options of CONTRACT §21: the script of `text_ar` and the words. */
export const ayahReadQuery = Type.Object({
  ...translationsQuery.properties,
  script: Type.Optional(
    stringEnum(['uthmani', 'imlaei'], {
      description:
        '`uthmani` (default): the stored Uthmani text; `imlaei`: Tanzil’s Simple text 1.1, verbatim (the basmala ' +
        'prefixed to aya 1 of surahs 2–114 except 9, as the file has it), credited in `textCredit`.',
    }),
  ),
  words: Type.Optional(
    Type.Boolean({
      description:
        '`true` adds `words`: each word of the Quranic Arabic Corpus with its English gloss, root, lemma and ' +
        'morphology, credited in `wordsCredit` (GPL, corpus.quran.com). A word’s `text_ar` is the corpus’s own ' +
        'Uthmani (Tanzil 1.0.2), which can differ from the ayah’s `text_ar` in signs (see the README).',
    }),
  ),
});

export const surah = Type.Object({
  id: Type.Integer(),
  nameAr: Type.String(),
  nameEn: Type.String({ description: 'The meaning of the name in English.' }),
  transliteration: Type.String(),
  revelationType: stringEnum(['meccan', 'medinan']),
  ayahCount: Type.Integer(),
  revelationOrder: nullable(Type.Integer({ minimum: 1, maximum: 114 }), {
    description: 'Its place in the order of revelation (Tanzil metadata); null until that dataset is imported.',
  }),
  rukus: nullable(Type.Integer({ minimum: 1 }), { description: 'How many rukus (sections) it has (Tanzil).' }),
  pages: nullable(
    Type.Object({
      first: Type.Integer({ minimum: 1, maximum: 604 }),
      last: Type.Integer({ minimum: 1, maximum: 604 }),
    }),
    { description: 'The Madani mushaf pages it spans (Tanzil).' },
  ),
  factsCredit: nullable(credit, { description: 'The credit of revelationOrder, rukus and pages (Tanzil, CC BY).' }),
});

export const word = Type.Object(
  {
    position: Type.Integer({ minimum: 1, description: 'Its place in the ayah, from 1 (`surah:ayah:position`).' }),
    text_ar: Type.String({ description: 'The word in the corpus’s Uthmani text (Tanzil 1.0.2).' }),
    gloss: Type.Object({ en: Type.String({ description: 'The corpus’s English gloss, verbatim.' }) }),
    root: nullable(Type.String(), { description: 'Its root in extended Buckwalter (`rHm`); null if none.' }),
    lemma: nullable(Type.String(), { description: 'Its lemma in extended Buckwalter; null if none.' }),
    pos: Type.String({ description: 'The part of speech of its stem (`N`, `V`, `PN`, `P`…).' }),
    features: Type.String({ description: 'The corpus’s morphology of the word, verbatim.' }),
  },
  { additionalProperties: false },
);

/** Where an ayah sits in the divisions of recitation (Hafs, Madani mushaf), from the `quran-meta` package. */
export const navigationProperties = {
  juz: Type.Integer({ minimum: 1, maximum: 30, description: 'Juz (1–30).' }),
  page: Type.Integer({ minimum: 1, maximum: 604, description: 'Page of the Madani mushaf (1–604).' }),
  hizbQuarter: Type.Integer({ minimum: 1, maximum: 240, description: 'Quarter of a hizb, rubʿ al-hizb (1–240).' }),
  ruku: Type.Integer({ minimum: 1, maximum: 556, description: 'Ruku (1–556).' }),
  manzil: Type.Integer({ minimum: 1, maximum: 7, description: 'Manzil (1–7).' }),
  sajda: Type.Boolean({ description: 'Whether the ayah carries a prostration of recitation (15 ayahs).' }),
};

export const ayah = Type.Object(
  {
    surah: Type.Integer(),
    ayah: Type.Integer(),
    key: Type.String({ description: '`surah:ayah`, e.g. `2:255`.' }),
    text_ar: Type.String({ description: 'The Uthmani Arabic text (read-only).' }),
    translations: mapOf(Type.String(), { description: 'Text by language code.' }),
    ...metadataProperties,
    ...navigationProperties,
    textCredit: Type.Optional(credit),
    words: Type.Optional(Type.Array(word)),
    wordsCredit: Type.Optional(credit),
  },
  { additionalProperties: false },
);

export const ayahMetadataPatch = Type.Partial(Type.Object(metadataProperties), {
  additionalProperties: false,
  minProperties: 1,
  errorMessage: { minProperties: 'must set at least one of tags, notes, published' },
});

export const quranDownloadEntry = Type.Object(
  {
    surah: Type.Integer(),
    ayah: Type.Integer(),
    ...navigationProperties,
    attribution: Type.String(),
    license: Type.String(),
    source_url: Type.String(),
    text: nullable(Type.String(), {
      description: 'Full text for public-domain editions (the Arabic); null under translator copyright.',
    }),
  },
  { additionalProperties: false },
);
