import type { Migration } from 'kysely';
import * as mosques from './2026-11-22-040-mosques.js';
import * as schedulesAndSources from './2026-11-28-041-mosque-schedules-and-sources.js';

/** The mosques migrations by their date-prefixed names. */
export const mosquesMigrations: Record<string, Migration> = {
  '2026-11-22-040-mosques': mosques,
  '2026-11-28-041-mosque-schedules-and-sources': schedulesAndSources,
};
