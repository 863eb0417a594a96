import type { Migration } from 'kysely';
import * as contentVersions from './2026-11-24-060-content-versions.js';

export const contentVersionsMigrations: Record<string, Migration> = {
  '2026-11-24-060-content-versions': contentVersions,
};
