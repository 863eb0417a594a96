import type { Migration, MigrationProvider } from 'kysely';
import * as apiKeys from './2026-11-22-001-api-keys.js';
import * as auditLog from './2026-11-22-002-audit-log.js';
import * as rateLimitWindows from './2026-11-22-003-rate-limit-windows.js';

/** Every migration by its date-prefixed name; Kysely applies them in name order. */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-api-keys': apiKeys,
  '2026-11-22-002-audit-log': auditLog,
  '2026-11-22-003-rate-limit-windows': rateLimitWindows,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
