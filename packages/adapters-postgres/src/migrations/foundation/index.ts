import type { Migration } from 'kysely';
import * as foundation from './2026-11-23-001-foundation.js';
import * as dropRateLimitWindows from './2026-11-26-002-drop-rate-limit-windows.js';

export const foundationMigrations: Record<string, Migration> = {
  '2026-11-23-001-foundation': foundation,
  '2026-11-26-002-drop-rate-limit-windows': dropRateLimitWindows,
};
