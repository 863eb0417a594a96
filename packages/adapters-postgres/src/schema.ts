import type { ApiKeysTable } from './tables/api-keys.table.js';
import type { AuditLogTable } from './tables/audit-log.table.js';
import type { ContentVersionsTable } from './tables/content-versions.table.js';
import type { EditionsTable } from './tables/editions.table.js';
import type { HadithTables } from './tables/hadith/index.js';
import type { MosqueTables } from './tables/mosques/index.js';
import type { QuranTables } from './tables/quran/index.js';
import type { RateLimitWindowsTable } from './tables/rate-limit-windows.table.js';

interface FoundationTables {
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  rate_limit_windows: RateLimitWindowsTable;
  editions: EditionsTable;
  content_versions: ContentVersionsTable;
}

/** Every table of the database, as Kysely sees it. */
export interface Database extends FoundationTables, QuranTables, HadithTables, MosqueTables {}
