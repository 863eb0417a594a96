import { ARABIC_LOCALE } from '../shared/locale.js';
import { isDeepStrictEqual } from 'node:util';
import { searchInMemory } from '../search/in-memory-search.js';
import type { QuranTextSearch } from '../search/search.js';
import type { Snapshottable } from '../shared/snapshottable.js';
import type { ContentMetadata, Translation } from '../shared/translation.js';
import { ayahKey, defaultAyahMetadata, type Ayah, type AyahRef, type AyahText, type Surah } from './quran.js';
import type { AyahQuery, QuranStore } from './quran-store.js';

interface AyahRecord extends ContentMetadata {
  surah: number;
  ayah: number;
  text_ar: string;
  /** By locale. */
  translations: Map<string, Translation>;
}

interface State {
  surahs: Map<number, Surah>;
  ayahs: Map<string, AyahRecord>;
}

const byNumber = (a: number, b: number) => a - b;
const byAyah = (a: AyahRef, b: AyahRef) => a.surah - b.surah || a.ayah - b.ayah;

export class InMemoryQuranStore implements QuranStore, Snapshottable {
  private state: State = { surahs: new Map(), ayahs: new Map() };

  async listSurahs(): Promise<Surah[]> {
    return [...this.state.surahs.keys()].sort(byNumber).map((id) => ({ ...this.state.surahs.get(id)! }));
  }

  async getSurah(id: number): Promise<Surah | undefined> {
    const surah = this.state.surahs.get(id);
    return surah && { ...surah };
  }

  async listAyahs(surah: number, query: AyahQuery & { includeUnpublished: boolean }): Promise<Ayah[]> {
    return [...this.state.ayahs.values()]
      .filter((record) => record.surah === surah && (query.includeUnpublished || record.published))
      .sort(byAyah)
      .map((record) => toAyah(record, query.locales));
  }

  async listAyahRange(from: AyahRef, to: AyahRef, query: AyahQuery & { includeUnpublished: boolean }): Promise<Ayah[]> {
    return [...this.state.ayahs.values()]
      .filter((record) => byAyah(record, from) >= 0 && byAyah(record, to) <= 0)
      .filter((record) => query.includeUnpublished || record.published)
      .sort(byAyah)
      .map((record) => toAyah(record, query.locales));
  }

  async getAyah(surah: number, ayah: number, query: AyahQuery = {}): Promise<Ayah | undefined> {
    const record = this.state.ayahs.get(ayahKey(surah, ayah));
    return record && toAyah(record, query.locales);
  }

  async getTranslation(surah: number, ayah: number, locale: string): Promise<Translation | undefined> {
    const translation = this.state.ayahs.get(ayahKey(surah, ayah))?.translations.get(locale);
    return translation && { ...translation };
  }

  async putTranslation(surah: number, ayah: number, translation: Translation): Promise<void> {
    this.existing(surah, ayah).translations.set(translation.locale, { ...translation });
  }

  async deleteTranslation(surah: number, ayah: number, locale: string): Promise<boolean> {
    return this.state.ayahs.get(ayahKey(surah, ayah))?.translations.delete(locale) ?? false;
  }

  async setMetadata(surah: number, ayah: number, metadata: ContentMetadata): Promise<boolean> {
    const record = this.state.ayahs.get(ayahKey(surah, ayah));
    if (!record) return false;
    Object.assign(record, { tags: [...metadata.tags], notes: metadata.notes, published: metadata.published });
    return true;
  }

  async listPublishedTexts(locale: string, surah?: number): Promise<AyahText[]> {
    return [...this.state.ayahs.values()]
      .filter((record) => record.published && (surah === undefined || record.surah === surah))
      .sort(byAyah)
      .flatMap((record) => {
        const text = locale === ARABIC_LOCALE ? record.text_ar : record.translations.get(locale)?.text;
        return text === undefined ? [] : [{ surah: record.surah, ayah: record.ayah, text }];
      });
  }

  async searchAyahs(search: QuranTextSearch) {
    const records = [...this.state.ayahs.values()]
      .filter((record) => search.includeUnpublished || record.published)
      .filter((record) => search.surah === undefined || record.surah === search.surah)
      .sort(byAyah);
    const texts = records.flatMap((record) => [
      { ref: record, locale: ARABIC_LOCALE, text: record.text_ar },
      ...[...record.translations.values()]
        .sort((a, b) => (a.locale < b.locale ? -1 : 1))
        .map(({ locale, text }) => ({ ref: record, locale, text })),
    ]);
    return searchInMemory(texts, search).map(({ ref, locale, snippet }) => ({
      surah: ref.surah,
      ayah: ref.ayah,
      locale,
      snippet,
    }));
  }

  async upsertSurahs(surahs: Surah[]): Promise<number> {
    let changed = 0;
    for (const surah of surahs) {
      const existing = this.state.surahs.get(surah.id);
      if (existing && isDeepStrictEqual(existing, surah)) continue;
      this.state.surahs.set(surah.id, { ...surah });
      changed++;
    }
    return changed;
  }

  async putArabicTexts(texts: AyahText[]): Promise<number> {
    let changed = 0;
    for (const { surah, ayah, text } of texts) {
      const existing = this.state.ayahs.get(ayahKey(surah, ayah));
      if (existing?.text_ar === text) continue;
      if (existing) existing.text_ar = text;
      else
        this.state.ayahs.set(ayahKey(surah, ayah), {
          surah,
          ayah,
          text_ar: text,
          ...defaultAyahMetadata(),
          translations: new Map(),
        });
      changed++;
    }
    return changed;
  }

  async putTranslations(locale: string, texts: AyahText[], updatedAt: string): Promise<number> {
    let changed = 0;
    for (const { surah, ayah, text } of texts) {
      const record = this.existing(surah, ayah);
      if (record.translations.get(locale)?.text === text) continue;
      record.translations.set(locale, { locale, text, updatedAt });
      changed++;
    }
    return changed;
  }

  snapshot(): unknown {
    return structuredClone(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = structuredClone(snapshot as State);
  }

  private existing(surah: number, ayah: number): AyahRecord {
    const record = this.state.ayahs.get(ayahKey(surah, ayah));
    if (!record) throw new Error(`No ayah ${ayahKey(surah, ayah)} is stored.`);
    return record;
  }
}

function toAyah(record: AyahRecord, locales: string[] | undefined): Ayah {
  const wanted = locales ? new Set(locales) : undefined;
  const translations = Object.fromEntries(
    [...record.translations.values()]
      .filter((translation) => !wanted || wanted.has(translation.locale))
      .sort((a, b) => (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0))
      .map((translation) => [translation.locale, translation.text]),
  );
  return {
    surah: record.surah,
    ayah: record.ayah,
    key: ayahKey(record.surah, record.ayah),
    text_ar: record.text_ar,
    translations,
    tags: [...record.tags],
    notes: record.notes,
    published: record.published,
  };
}
