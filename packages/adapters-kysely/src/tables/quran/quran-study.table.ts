import type { QuranWord, SurahFacts } from '@islamic-data/core';
import type { Selectable } from 'kysely';

/** Tanzil's facts of a surah (CONTRACT §21). */
export interface QuranSurahFactsTable {
  surah: number;
  revelation_order: number;
  rukus: number;
  first_page: number;
  last_page: number;
}

/** An ayah in a script other than the stored Uthmani (`imlaei`: Tanzil Simple 1.1), verbatim. */
export interface QuranAyahScriptsTable {
  script: string;
  surah: number;
  ayah: number;
  text: string;
}

/** A word of the Quranic Arabic Corpus at surah:ayah:position. */
export interface QuranWordsTable {
  surah: number;
  ayah: number;
  position: number;
  text_ar: string;
  gloss_en: string;
  root: string | null;
  lemma: string | null;
  pos: string;
  features: string;
}

export const toSurahFactsRow = (facts: SurahFacts): QuranSurahFactsTable => ({
  surah: facts.surah,
  revelation_order: facts.revelationOrder,
  rukus: facts.rukus,
  first_page: facts.pages.first,
  last_page: facts.pages.last,
});

export const fromSurahFactsRow = (row: Selectable<QuranSurahFactsTable>): SurahFacts => ({
  surah: row.surah,
  revelationOrder: row.revelation_order,
  rukus: row.rukus,
  pages: { first: row.first_page, last: row.last_page },
});

export const toWordRow = (word: QuranWord): QuranWordsTable => ({
  surah: word.surah,
  ayah: word.ayah,
  position: word.position,
  text_ar: word.textAr,
  gloss_en: word.glossEn,
  root: word.root,
  lemma: word.lemma,
  pos: word.pos,
  features: word.features,
});

export const fromWordRow = (row: Selectable<QuranWordsTable>): QuranWord => ({
  surah: row.surah,
  ayah: row.ayah,
  position: row.position,
  textAr: row.text_ar,
  glossEn: row.gloss_en,
  root: row.root,
  lemma: row.lemma,
  pos: row.pos,
  features: row.features,
});
