import { Type } from '@sinclair/typebox';
import { mapOf, nullable, stringEnum } from '../../platform/schema.js';
import { languageCode, metadataProperties } from '../content-schemas.js';

/** Schemas of the Quran routes (CONTRACT §9, §11, §13). */

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

export const surah = Type.Object({
  id: Type.Integer(),
  nameAr: Type.String(),
  nameEn: Type.String({ description: 'The meaning of the name in English.' }),
  transliteration: Type.String(),
  revelationType: stringEnum(['meccan', 'medinan']),
  ayahCount: Type.Integer(),
});

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
