import type { Stores } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import type { SharedDatabase } from '../schema.js';
import { kyselyAuditLog } from './audit-log.js';
import { kyselyEditionStore } from './edition-store.js';
import { kyselyHadithImportStore } from './hadith-import-store.js';
import { kyselyHadithStore } from './hadith-store.js';
import { kyselyKeyRequestStore } from './key-request-store.js';
import { kyselyKeyStore } from './key-store.js';
import { kyselyQuranStore } from './quran-store.js';
import { kyselyQuranStudyStore } from './quran-study-store.js';

/** Every store, bound to `trx` (the database itself, or one connection inside a transaction). */
export function kyselyStores<DB extends SharedDatabase>(trx: Kysely<DB>, dialect: StoreDialect<DB>): Stores {
  return {
    keys: kyselyKeyStore(trx),
    audit: kyselyAuditLog(trx),
    editions: kyselyEditionStore(trx),
    quran: kyselyQuranStore(trx, dialect),
    quranStudy: kyselyQuranStudyStore(trx),
    hadith: kyselyHadithStore(trx, dialect),
    hadithImports: kyselyHadithImportStore(trx, dialect),
    mosques: dialect.mosqueStore(trx),
    keyRequests: kyselyKeyRequestStore(trx),
  };
}
