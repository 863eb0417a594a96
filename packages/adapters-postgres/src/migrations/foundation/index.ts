import type { Migration } from 'kysely';
import * as foundation from './2026-11-23-001-foundation.js';

export const foundationMigrations: Record<string, Migration> = {
  '2026-11-23-001-foundation': foundation,
};
