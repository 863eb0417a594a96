import { InMemoryAuditLog } from '../audit/in-memory-audit-log.js';
import type { ContentVersions } from '../content-versions/content-versions.js';
import { InMemoryContentVersions, raisingVersionOnWrites } from '../content-versions/in-memory-content-versions.js';
import { InMemoryEditionStore } from '../editions/in-memory-edition-store.js';
import { InMemoryHadithData } from '../hadith/in-memory-hadith-data.js';
import { InMemoryHadithImportStore } from '../hadith/in-memory-hadith-import-store.js';
import { InMemoryHadithStore } from '../hadith/in-memory-hadith-store.js';
import { InMemoryKeyRequestStore } from '../key-requests/in-memory-key-request-store.js';
import { InMemoryKeyStore } from '../keys/in-memory-key-store.js';
import { InMemoryMosqueStore } from '../mosques/in-memory-mosque-store.js';
import { InMemoryQuranStore } from '../quran/in-memory-quran-store.js';
import { InMemoryQuranStudyStore } from '../quran-study/in-memory-quran-study-store.js';
import type { Snapshottable } from './snapshottable.js';
import type { Stores, UnitOfWork } from './unit-of-work.js';

/**
 * Transactions over in-memory stores: one at a time, and a failed one puts every store back as it was.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly stores: Stores,
    private readonly snapshottables: Snapshottable[],
  ) {}

  run<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
    const result = this.queue.then(() => this.runNow(work));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async runNow<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
    const saved = this.snapshottables.map((store) => store.snapshot());
    try {
      return await work(this.stores);
    } catch (error) {
      this.snapshottables.forEach((store, i) => store.restore(saved[i]));
      throw error;
    }
  }
}

/** Stores and a unit of work over them, all in memory, and their content versions: for embedders and tests. */
export function createInMemoryStores(): { stores: Stores; unitOfWork: UnitOfWork; contentVersions: ContentVersions } {
  const versions = new InMemoryContentVersions();
  const hadithData = new InMemoryHadithData();
  const keyRequests = new InMemoryKeyRequestStore();
  const [keys, audit, editions, quran, mosques] = [
    new InMemoryKeyStore(),
    new InMemoryAuditLog(),
    new InMemoryEditionStore(),
    new InMemoryQuranStore(),
    new InMemoryMosqueStore(),
  ];
  const quranStudy = new InMemoryQuranStudyStore();
  const quranWrites = [
    'putTranslation',
    'deleteTranslation',
    'setMetadata',
    'upsertSurahs',
    'putArabicTexts',
    'putTranslations',
  ] as const;
  const stores = {
    // lastUsedAt (markUsed) is bookkeeping, not a change of what a key may do.
    keys: raisingVersionOnWrites(keys, 'keys', ['insert', 'markRevoked'], versions),
    audit,
    editions: raisingVersionOnWrites(editions, 'editions', ['upsert'], versions),
    quran: raisingVersionOnWrites(quran, 'quran', quranWrites, versions),
    quranStudy: raisingVersionOnWrites(
      quranStudy,
      'quran',
      ['replaceSurahFacts', 'replaceScriptTexts', 'replaceWords'],
      versions,
    ),
    hadith: raisingVersionOnWrites(
      new InMemoryHadithStore(hadithData),
      'hadith',
      ['putTranslation', 'deleteTranslation', 'setMetadata'],
      versions,
    ),
    hadithImports: raisingVersionOnWrites(
      new InMemoryHadithImportStore(hadithData),
      'hadith',
      ['saveCollectionInfo', 'replaceBooks', 'writeImported', 'deleteHadithsAfter', 'replaceNumberKeys'],
      versions,
    ),
    mosques: raisingVersionOnWrites(mosques, 'mosques', ['insert', 'insertMany', 'update'], versions),
    // No content area: no cached answer depends on key requests (their status is computed on every request).
    keyRequests,
  } satisfies Stores;
  return {
    stores,
    unitOfWork: new InMemoryUnitOfWork(stores, [
      keys,
      audit,
      editions,
      quran,
      quranStudy,
      hadithData,
      mosques,
      keyRequests,
      versions,
    ]),
    contentVersions: versions,
  };
}
