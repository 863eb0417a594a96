import { createRequire } from 'node:module';
import path from 'node:path';
import {
  TANZIL_TRANSLATION_LICENSE,
  validationError,
  type AyahText,
  type Edition,
  type QuranEditionTexts,
  type QuranSource,
  type RevelationType,
  type Surah,
} from '@islamic-data/core';
import { locationWithin, readJsonAt } from '../byte-source.js';

const quranEdition = (edition: Omit<Edition, 'resource' | 'collection'>): Edition => ({
  resource: 'quran',
  collection: null,
  ...edition,
});

/**
 * The editions the quran-json package carries, credited as its README states them: the Uthmani
 * text from The Noble Qur'an Encyclopedia, the translations from tanzil.net.
 */
export const QURAN_JSON_EDITIONS = {
  ar: quranEdition({
    lang: 'ar',
    name: 'Uthmani text',
    translator: null,
    attribution:
      "Uthmani Quran text from The Noble Qur'an Encyclopedia (quranenc.com), " +
      'via the quran-json package by Risan Bagja Pradana.',
    license:
      'Public domain (the Arabic text of the Quran). The quran-json package that carries it is licensed CC BY-SA 4.0.',
    sourceUrl: 'https://quranenc.com/en/home',
    publicDomain: true,
  }),
  en: quranEdition({
    lang: 'en',
    name: 'Saheeh International',
    translator: 'Umm Muhammad (Saheeh International)',
    attribution:
      'English translation by Umm Muhammad (Saheeh International), from tanzil.net via the quran-json package.',
    license: TANZIL_TRANSLATION_LICENSE,
    sourceUrl: 'https://tanzil.net/trans/en.sahih',
    publicDomain: false,
  }),
  ru: quranEdition({
    lang: 'ru',
    name: 'Elmir Kuliev',
    translator: 'Elmir Kuliev',
    attribution: 'Russian translation by Elmir Kuliev, from tanzil.net via the quran-json package.',
    license: TANZIL_TRANSLATION_LICENSE,
    sourceUrl: 'https://tanzil.net/trans/ru.kuliev',
    publicDomain: false,
  }),
  tr: quranEdition({
    lang: 'tr',
    name: 'Diyanet İşleri',
    translator: 'Turkish Directorate of Religious Affairs (Diyanet İşleri)',
    attribution:
      'Turkish translation by the Turkish Directorate of Religious Affairs (Diyanet İşleri), ' +
      'from tanzil.net via the quran-json package.',
    license: TANZIL_TRANSLATION_LICENSE,
    sourceUrl: 'https://tanzil.net/trans/tr.diyanet',
    publicDomain: false,
  }),
} as const satisfies Record<string, Edition>;

const FILES = { ar: 'quran.json', en: 'quran_en.json', ru: 'quran_ru.json', tr: 'quran_tr.json' } as const;

/** The `dist` folder of the installed quran-json package. */
export function quranJsonPackageDir(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('quran-json/package.json')), 'dist');
}

interface QuranJsonSurah {
  id: number;
  name: string;
  transliteration: string;
  /** The surah name's meaning, in the translation files. */
  translation?: string;
  type: RevelationType;
  total_verses: number;
  verses: { id: number; text: string; translation?: string }[];
}

/**
 * Reads the Quran from quran-json's files (`quran.json`, `quran_en.json`, …) in a folder or below
 * a base URL; by default from the installed package.
 */
export async function loadQuranJson(location: string = quranJsonPackageDir()): Promise<QuranSource> {
  const read = async (file: string) => checkShape(await readJsonAt(locationWithin(location, file)), file);
  const [arabic, english, russian, turkish] = await Promise.all([
    read(FILES.ar),
    read(FILES.en),
    read(FILES.ru),
    read(FILES.tr),
  ]);
  const surahs: Surah[] = arabic.map((surah, i) => ({
    id: surah.id,
    nameAr: surah.name,
    nameEn: english[i]?.translation ?? '',
    transliteration: surah.transliteration,
    revelationType: surah.type,
    ayahCount: surah.total_verses,
  }));
  const translation = (edition: Edition, file: QuranJsonSurah[]): QuranEditionTexts => ({
    edition,
    texts: texts(file, (verse) => verse.translation),
  });
  return {
    surahs,
    arabic: { edition: QURAN_JSON_EDITIONS.ar, texts: texts(arabic, (verse) => verse.text) },
    translations: [
      translation(QURAN_JSON_EDITIONS.en, english),
      translation(QURAN_JSON_EDITIONS.ru, russian),
      translation(QURAN_JSON_EDITIONS.tr, turkish),
    ],
  };
}

function texts(
  surahs: QuranJsonSurah[],
  pick: (verse: QuranJsonSurah['verses'][number]) => string | undefined,
): AyahText[] {
  return surahs.flatMap((surah) =>
    surah.verses.map((verse) => ({ surah: surah.id, ayah: verse.id, text: pick(verse) ?? '' })),
  );
}

function checkShape(data: unknown, file: string): QuranJsonSurah[] {
  if (!Array.isArray(data)) throw validationError(`${file} is not a quran-json surah list.`);
  data.forEach((surah: Partial<QuranJsonSurah>, i) => {
    const wellFormed =
      Number.isInteger(surah?.id) &&
      typeof surah.name === 'string' &&
      typeof surah.transliteration === 'string' &&
      Array.isArray(surah.verses) &&
      surah.verses.every((verse) => Number.isInteger(verse?.id)) &&
      surah.total_verses === surah.verses.length;
    if (!wellFormed)
      throw validationError(`${file}: entry #${i + 1} is not a quran-json surah with as many verses as total_verses.`);
  });
  return data as QuranJsonSurah[];
}
