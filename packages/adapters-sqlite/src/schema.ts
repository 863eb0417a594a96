import type { ApiKeysTable } from './tables/api-keys.table.js';
import type { AuditLogTable } from './tables/audit-log.table.js';
import type { RateLimitWindowsTable } from './tables/rate-limit-windows.table.js';

/** Every table of the database, as Kysely sees it. */
export interface Database {
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  rate_limit_windows: RateLimitWindowsTable;
}
