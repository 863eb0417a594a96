import type { Migration } from 'kysely';
import * as apiKeys from './2026-11-22-001-api-keys.js';
import * as auditLog from './2026-11-22-002-audit-log.js';
import * as rateLimitWindows from './2026-11-22-003-rate-limit-windows.js';
import * as editions from './2026-11-22-004-editions.js';
import * as auditReverts from './2026-11-22-005-audit-reverts.js';
import * as auditTargets from './2026-11-23-006-audit-targets.js';
import * as dropRateLimitWindows from './2026-11-26-007-drop-rate-limit-windows.js';

export const foundationMigrations: Record<string, Migration> = {
  '2026-11-22-001-api-keys': apiKeys,
  '2026-11-22-002-audit-log': auditLog,
  '2026-11-22-003-rate-limit-windows': rateLimitWindows,
  '2026-11-22-004-editions': editions,
  '2026-11-22-005-audit-reverts': auditReverts,
  '2026-11-23-006-audit-targets': auditTargets,
  '2026-11-26-007-drop-rate-limit-windows': dropRateLimitWindows,
};
