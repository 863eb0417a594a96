import type { Migration } from 'kysely';
import * as contentVersions from './2026-11-24-060-content-versions.js';
import * as contentVersionsInTime from './2026-11-27-090-content-versions-in-time.js';

export const contentVersionsMigrations: Record<string, Migration> = {
  '2026-11-24-060-content-versions': contentVersions,
  '2026-11-27-090-content-versions-in-time': contentVersionsInTime,
};
