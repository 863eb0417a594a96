import { InMemoryAuditLog } from '../audit/in-memory-audit-log.js';
import { InMemoryEditionStore } from '../editions/in-memory-edition-store.js';
import { InMemoryHadithData } from '../hadith/in-memory-hadith-data.js';
import { InMemoryHadithImportStore } from '../hadith/in-memory-hadith-import-store.js';
import { InMemoryHadithStore } from '../hadith/in-memory-hadith-store.js';
import { InMemoryKeyStore } from '../keys/in-memory-key-store.js';
import { InMemoryMosqueStore } from '../mosques/in-memory-mosque-store.js';
import { InMemoryQuranStore } from '../quran/in-memory-quran-store.js';
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

/** Stores and a unit of work over them, all in memory: for embedders and tests. */
export function createInMemoryStores(): { stores: Stores; unitOfWork: UnitOfWork } {
  const hadithData = new InMemoryHadithData();
  const stores = {
    keys: new InMemoryKeyStore(),
    audit: new InMemoryAuditLog(),
    editions: new InMemoryEditionStore(),
    quran: new InMemoryQuranStore(),
    hadith: new InMemoryHadithStore(hadithData),
    hadithImports: new InMemoryHadithImportStore(hadithData),
    mosques: new InMemoryMosqueStore(),
  } satisfies Stores;
  const { keys, audit, editions, quran, mosques } = stores;
  return { stores, unitOfWork: new InMemoryUnitOfWork(stores, [keys, audit, editions, quran, hadithData, mosques]) };
}
