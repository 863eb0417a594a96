import type { AuditLog } from '../audit/audit-log.js';
import type { EditionStore } from '../editions/edition-store.js';
import type { HadithImportStore } from '../hadith/hadith-import-store.js';
import type { HadithStore } from '../hadith/hadith-store.js';
import type { KeyRequestStore } from '../key-requests/key-request-store.js';
import type { KeyStore } from '../keys/key-store.js';
import type { MosqueStore } from '../mosques/mosque-store.js';
import type { QuranStore } from '../quran/quran-store.js';
import type { QuranStudyStore } from '../quran-study/quran-study.js';

/** The stores a use case may touch, all bound to one transaction (or to none). */
export interface Stores {
  keys: KeyStore;
  audit: AuditLog;
  editions: EditionStore;
  quran: QuranStore;
  /** Surah facts, other scripts and words: upstream data, read-only through the API. */
  quranStudy: QuranStudyStore;
  hadith: HadithStore;
  hadithImports: HadithImportStore;
  mosques: MosqueStore;
  keyRequests: KeyRequestStore;
}

/** Port: runs work against stores bound to one transaction; all of it commits or none of it does. */
export interface UnitOfWork {
  run<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}
