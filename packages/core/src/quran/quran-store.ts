import type { QuranSearchHit, QuranTextSearch } from '../search/search.js';
import type { ContentMetadata, Translation } from '../shared/translation.js';
import type { Ayah, AyahRef, AyahText, Surah } from './quran.js';

export interface AyahQuery {
  /** Translations to include, by language code; absent: every language the ayah has. */
  locales?: string[];
}

/**
 * Port: the Quran's surahs, ayahs (Arabic text and metadata) and their translations by locale.
 * Translations come back ordered by locale; ayahs in mushaf order.
 */
export interface QuranStore {
  /** Every surah, by id. */
  listSurahs(): Promise<Surah[]>;
  getSurah(id: number): Promise<Surah | undefined>;
  /** A surah's ayahs in order; unpublished ones only when `includeUnpublished`. */
  listAyahs(surah: number, query: AyahQuery & { includeUnpublished: boolean }): Promise<Ayah[]>;
  /**
   * The ayahs from `from` to `to` (both included, across surahs) in order; unpublished ones only when
   * `includeUnpublished`.
   */
  listAyahRange(from: AyahRef, to: AyahRef, query: AyahQuery & { includeUnpublished: boolean }): Promise<Ayah[]>;
  /** One ayah, published or not. */
  getAyah(surah: number, ayah: number, query?: AyahQuery): Promise<Ayah | undefined>;

  getTranslation(surah: number, ayah: number, locale: string): Promise<Translation | undefined>;
  /** Creates or replaces the record exactly as given (its `updatedAt` included). The ayah must exist. */
  putTranslation(surah: number, ayah: number, translation: Translation): Promise<void>;
  /** False when there was nothing to delete. */
  deleteTranslation(surah: number, ayah: number, locale: string): Promise<boolean>;
  /** Replaces tags, notes and published; false when the ayah does not exist. */
  setMetadata(surah: number, ayah: number, metadata: ContentMetadata): Promise<boolean>;

  /** Published ayahs that have text in `locale`, in order, for one surah or all; `ar` reads the Arabic original. */
  listPublishedTexts(locale: string, surah?: number): Promise<AyahText[]>;

  /**
   * Ayahs whose Arabic (folded, see foldArabic) or a translation holds every wanted term and no
   * excluded one, best first, one hit per ayah and language; the index follows every write in
   * the same transaction.
   */
  searchAyahs(search: QuranTextSearch): Promise<QuranSearchHit[]>;

  /** Creates or updates surahs; returns how many were created or changed. */
  upsertSurahs(surahs: Surah[]): Promise<number>;
  /**
   * Sets the Arabic text of each ayah, creating missing ayahs with default metadata and keeping
   * the metadata of existing ones. Returns how many ayahs were created or changed.
   */
  putArabicTexts(texts: AyahText[]): Promise<number>;
  /**
   * Sets the `locale` text of each ayah; a text equal to the stored one is left alone (its
   * `updatedAt` kept), others get `updatedAt`. The ayahs must exist. Returns how many changed.
   */
  putTranslations(locale: string, texts: AyahText[], updatedAt: string): Promise<number>;
}
